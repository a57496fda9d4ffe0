/**
 * zod validation for route inputs that answers like every other error, with the schema's own
 * (spec-worded) messages, never zod's raw issue list:
 * - a JSON body: 422 with every invalid field's message (`fields`), for forms to show under their inputs;
 * - a query or path parameter: 400 (or 404) with the first message, since no form shows those.
 */
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { AppError, ValidationError } from './errors.ts';

export function valid<T extends ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
  opts: { status?: 400 | 404; code?: string } = {},
) {
  return zValidator(target, schema, (result) => {
    if (!result.success && target === 'json') throw new ValidationError(fieldMessages(result.error.issues));
    if (!result.success) {
      const message = result.error.issues[0]?.message ?? 'Invalid request.';
      throw new AppError(opts.status ?? 400, opts.code ?? (opts.status === 404 ? 'not_found' : 'bad_request'), message);
    }
  });
}

/** The first message for each field (by its top-level name; `_form` for the body as a whole). */
export function fieldMessages(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const name = issue.path.length ? String(issue.path[0]) : '_form';
    fields[name] ??= issue.message;
  }
  return fields;
}
