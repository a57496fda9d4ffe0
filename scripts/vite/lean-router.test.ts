/**
 * The router transform against the router as installed: each of its data-mode answers was read
 * against this release's code (decision 0028), so a release that words one differently fails here
 * and is read again, rather than shipping larger, or with a branch set by a reading of older code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_MODE_ONLY, leanRouterCode, NOT_IN_THE_SHOP, ROUTER_BUILD } from './lean-router.ts';

const dir = path.resolve('node_modules/react-router/dist/production');
const chunks = fs
  .readdirSync(dir)
  .map((name) => path.join(dir, name))
  .filter((file) => ROUTER_BUILD.test(file))
  .map((file) => fs.readFileSync(file, 'utf8'));

/** Said by every failure: the release changed React Router's shipped code, and what to do. */
const WHAT_TO_DO =
  "React Router's shipped code changed: read each failing expression in scripts/vite/lean-router.ts (DATA_MODE_ONLY, NOT_IN_THE_SHOP) against the new release and bring it up to date, or take leanRouter() out of vite.config.ts and vite.ssr.config.ts (decisions 0028, 0031)";

describe(`React Router's build as the shop takes it (an internal the shop relies on; on failure: ${WHAT_TO_DO})`, () => {
  it('finds each line it changes, framework-only branches and unused features alike, in the installed release', () => {
    for (const [find] of [...DATA_MODE_ONLY, ...NOT_IN_THE_SHOP]) expect(chunks.some((code) => new RegExp(find.source).test(code)), String(find)).toBe(true);
  });

  it('leaves no route to the features it takes out but one that throws', () => {
    const lean = chunks.map(leanRouterCode).join('\n');
    for (const [find] of NOT_IN_THE_SHOP) expect(lean, String(find)).not.toMatch(new RegExp(find.source));
    expect(lean).not.toMatch(/fetch: fetch2,|getBlocker,|patchRoutes,\n/);
    expect(lean).not.toMatch(/\} else if \(opts && opts\.submission && isMutationMethod/);
    expect(lean).not.toMatch(/\|\| parseHydrationData\(\)/);
    expect(lean).not.toMatch(/if \(!cond\) \{\n {4}if \(typeof console/);
    expect(lean).toMatch(/function leanRouterBuiltOut\(\) \{ throw new Error/);
  });

  it('leaves none of those branches reachable, and no displayName write', () => {
    const lean = chunks.map(leanRouterCode).join('\n');
    expect(lean).not.toMatch(/= usePrefetchBehavior\(/);
    expect(lean).not.toMatch(/if \(init\.instrumentations\)/);
    expect(lean).not.toMatch(/createElement\(RSCErrorHandler/);
    expect(lean).not.toMatch(/^[A-Za-z0-9_$]+\.displayName = /m);
  });
});
