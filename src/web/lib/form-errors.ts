/**
 * Turning a refused request into what a form shows: the server's field messages under their
 * inputs (422), everything else as the form's message, chosen by status and code (never by text).
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api.ts';

/** Puts a 422's field messages under their inputs; true when there were any. */
export function showFieldErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>): boolean {
  if (!(err instanceof ApiError) || err.status !== 422 || Object.keys(err.fields).length === 0) return false;
  for (const [name, message] of Object.entries(err.fields)) setError(name as Path<T>, { message });
  return true;
}

export const codeOf = (err: unknown) => (err instanceof ApiError ? err.code : undefined);
