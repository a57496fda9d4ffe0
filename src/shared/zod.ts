/**
 * zod, as the shop's contracts use it. jitless: zod would otherwise probe with `new Function`
 * whether it may compile its object parsers, and the pages' Content-Security-Policy (no eval)
 * reports that probe as a violation on every screen with a form. Set here, before any contract
 * builds a schema, on both sides; the contracts' inputs are small, so the compiled fast path
 * is not missed.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
