/**
 * The owner's settings forms: what was typed is checked by the API's own contract before it is
 * sent, each field's first message is shown under it, and the server's refusals land the same way.
 */
import { useState, type FormEvent } from 'react';
import type { z } from '../../../shared/zod.ts';
import { ApiError } from '../../lib/api.ts';

/** The first message for each field. */
export const firstByField = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) =>
  issues.reduce<Record<string, string>>((all, i) => ({ [String(i.path[0])]: i.message, ...all }), {});

export function useContractForm<T>(contract: z.ZodType<T>, save: (value: T) => Promise<unknown>, savedText: string) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  async function submit(typed: unknown) {
    setMessage(null);
    const checked = contract.safeParse(typed);
    if (!checked.success) {
      setErrors(firstByField(checked.error.issues));
      return setMessage({ tone: 'error', text: 'Please fix the errors below.' });
    }
    setErrors({});
    try {
      await save(checked.data);
      setMessage({ tone: 'success', text: savedText });
    } catch (err) {
      if (err instanceof ApiError) setErrors({ ...err.fields });
      setMessage({ tone: 'error', text: err instanceof ApiError && err.fields ? 'Please fix the errors below.' : err instanceof Error ? err.message : String(err) });
    }
  }
  /** The form's submit handler: checks and saves what `read` gathers from the fields. */
  const onSubmit = (read: () => unknown) => (e: FormEvent) => {
    e.preventDefault();
    void submit(read());
  };
  return { errors, message, onSubmit };
}
