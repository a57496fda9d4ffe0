import { useLayoutEffect, useRef, useState } from 'react';

/** Spec §2: long text collapses after 6 lines with Read More / Show Less; empty text shows N/A. */
export function CollapsibleText({ text }: { text: string | null | undefined }) {
  const [open, setOpen] = useState(false);
  const [overflows, setOverflows] = useState(false);
  const body = useRef<HTMLParagraphElement>(null);

  useLayoutEffect(() => {
    const el = body.current;
    if (el && !open) setOverflows(el.scrollHeight > el.clientHeight + 1);
  }, [text, open]);

  if (!text?.trim()) return <p className="text-muted">N/A</p>;
  return (
    <div>
      <p ref={body} className={`whitespace-pre-line leading-relaxed text-ink/90 ${open ? '' : 'line-clamp-6'}`}>
        {text}
      </p>
      {(overflows || open) && (
        <button
          type="button"
          className="mt-2 text-sm font-medium text-wine underline underline-offset-2"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Show Less' : 'Read More'}
        </button>
      )}
    </div>
  );
}
