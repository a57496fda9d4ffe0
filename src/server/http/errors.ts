/**
 * Typed errors that services throw; the app's onError turns them into `{ code, message }` with
 * their status. Anything else is a 500 whose details stay in the log.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
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

export interface ErrorBody {
  code: string;
  message: string;
}
