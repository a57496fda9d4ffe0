import type { ReactNode } from 'react';

/** The frame of a text page: a kicker, the title, then the page's own sections. */
export function ContentPage({ kicker, title, children }: { kicker: string; title: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <p className="text-xs font-medium uppercase tracking-[0.2em] text-gold">{kicker}</p>
      <h1 className="mt-1 font-display text-4xl font-semibold sm:text-5xl">{title}</h1>
      <div className="mt-8 grid gap-8 leading-relaxed text-ink/90">{children}</div>
    </article>
  );
}

export function ContentSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="mb-2 font-display text-2xl font-semibold text-ink">{title}</h2>
      {children}
    </section>
  );
}
