import type { ReactNode } from 'react';

/** The frame of the log in, sign up and reset screens: a calm card with the shop's voice. */
export function AuthCard({ title, intro, children, footer }: { title: string; intro?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-line bg-white/70 p-6 shadow-sm sm:p-8">
        <p className="text-xs font-medium uppercase tracking-[0.2em] text-gold">Vastra</p>
        <h1 className="mt-1 font-display text-4xl font-semibold text-ink">{title}</h1>
        {intro && <p className="mt-2 text-sm text-muted">{intro}</p>}
        <div className="mt-6">{children}</div>
      </div>
      {footer && <div className="mt-6 text-center text-sm text-muted">{footer}</div>}
    </div>
  );
}

export const linkClass = 'font-medium text-wine underline-offset-4 hover:underline';
