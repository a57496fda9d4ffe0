import type { ReactNode } from 'react';
import { CopyButton } from './copy-button.tsx';

/** A script or a definition as PostgreSQL holds it: scrolls sideways rather than wrap, with a Copy button. */
export function ScriptBlock({ title, meta, script }: { title: string; meta?: ReactNode; script: string }) {
  return (
    <figure className="min-w-0 overflow-hidden rounded-xl border border-line bg-white/80">
      <figcaption className="flex items-center justify-between gap-3 border-b border-line bg-sand/40 px-4 py-2">
        <span className="min-w-0">
          <span className="block truncate font-mono text-sm font-medium text-ink">{title}</span>
          {meta && <span className="block text-xs text-muted">{meta}</span>}
        </span>
        <CopyButton text={script} label={`Copy ${title}`} />
      </figcaption>
      <pre tabIndex={0} className="max-h-[28rem] overflow-auto p-4 font-mono text-xs leading-relaxed text-ink">
        <code>{script}</code>
      </pre>
    </figure>
  );
}
