/**
 * zod validation for route inputs that answers like every other error: `{ code, message }`
 * with the schema's own (spec-worded) message, never zod's raw issue list.
 */
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { AppError } from './errors.ts';

export function valid<T extends ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
  opts: { status?: 400 | 404; code?: string } = {},
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const message = result.error.issues[0]?.message ?? 'Invalid request.';
      throw new AppError(opts.status ?? 400, opts.code ?? (opts.status === 404 ? 'not_found' : 'bad_request'), message);
    }
  });
}
