import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';

const SAID_FOR_MS = 2000;

/** Copies `text` to the clipboard and says 'Copied' for a moment (read out too, through the live region). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), SAID_FOR_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={state === 'idle' ? label : undefined}
      className="inline-flex min-h-9 shrink-0 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-wine ring-1 ring-line hover:bg-sand"
    >
      {state === 'copied' ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
      <span aria-live="polite">{state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}</span>
    </button>
  );
}
