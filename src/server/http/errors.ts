/**
 * Typed errors that services throw, and the app's one onError that turns them into
 * `{ code, message, fields? }` with their status. Anything else is a 500 whose details stay in the log.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isPoolExhausted } from '../db/client.ts';

/** Every error answer of the API. `fields` names each invalid field of a request body with its message. */
export interface ErrorBody {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, 'not_found', message);
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, code = 'bad_request') {
    super(400, code, message);
  }
}

/** A rate limit was reached: 429, with Retry-After saying when to come back. */
export class TooManyError extends AppError {
  constructor(
    message: string,
    readonly retryAfter: number,
  ) {
    super(429, 'too_many', message);
  }
}

/**
 * A request body that breaks the contract: 422 with every field's message. The message joins them
 * with commas and without trailing periods (spec §5: what the data functions return).
 */
export class ValidationError extends AppError {
  constructor(fields: Record<string, string>) {
    const message = Object.values(fields)
      .map((m) => m.replace(/\.+$/, ''))
      .join(', ');
    super(422, 'invalid', message || 'Invalid request', fields);
  }
}

export function handleError(err: Error, c: Context): Response {
  if (err instanceof AppError) {
    if (err instanceof TooManyError) c.header('Retry-After', String(err.retryAfter));
    const body: ErrorBody = { code: err.code, message: err.message, ...(err.fields && { fields: err.fields }) };
    return c.json(body, err.status);
  }
  if (err instanceof HTTPException && err.status < 500) {
    return c.json<ErrorBody>({ code: 'bad_request', message: err.message || 'Bad request' }, err.status);
  }
  if (isPoolExhausted(err)) {
    c.header('Retry-After', '2');
    return c.json<ErrorBody>({ code: 'busy', message: 'The shop is very busy right now. Please try again in a moment.' }, 503);
  }
  console.error(`${c.req.method} ${c.req.path} failed:`, err);
  return c.json<ErrorBody>({ code: 'internal', message: 'Something went wrong on our side. Please try again.' }, 500);
}
