/**
 * The words that hold a review for the owner's look (issue 51), in English and Hindi or Hinglish,
 * one per line. A review holding one waits instead of publishing at once; nothing is refused for it.
 */
import { useState, type FormEvent } from 'react';
import { heldWordsContract } from '../../../shared/reviews.contract.ts';
import { problems } from '../../../shared/contract-kit.ts';
import { FormMessage, SubmitButton, TextAreaField } from '../../components/form-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSaveHeldWords } from './reviews.api.ts';

const wordsOf = (typed: string) => typed.split(/[\n,]/).map((w) => w.trim()).filter(Boolean);

export function HeldWordsForm({ words }: { words: string[] }) {
  const [typed, setTyped] = useState(words.join('\n'));
  const [error, setError] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  const save = useSaveHeldWords();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const found = problems(heldWordsContract, { words: wordsOf(typed) }).words;
    setError(found);
    if (found) return;
    try {
      const answer = await save.mutateAsync(wordsOf(typed));
      setTyped(answer.words.join('\n'));
      setSaved(true);
    } catch (err) {
      setError(err instanceof ApiError ? (Object.values(err.fields)[0] ?? err.message) : String(err));
    }
  };
  return (
    <section aria-labelledby="held-words" className="grid gap-3 rounded-xl border border-line bg-white p-4">
      <h2 id="held-words" className="font-display text-2xl font-semibold">
        Words that wait for you
      </h2>
      <p className="text-sm text-muted">
        A review holding one of these (as a whole word) waits here for you instead of showing at once. Keep it to abuse: a review is never hidden for being unkind about a piece.
      </p>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3">
        <TextAreaField label="One word per line" rows={8} value={typed} error={error} onChange={(e) => (setTyped(e.target.value), setSaved(false))} hint={`${wordsOf(typed).length} words`} />
        <div>
          <SubmitButton busy={save.isPending} busyText="Saving...">
            Save the words
          </SubmitButton>
        </div>
        {saved && <FormMessage tone="success">Saved. Reviews written from now on are checked against these words.</FormMessage>}
      </form>
    </section>
  );
}
