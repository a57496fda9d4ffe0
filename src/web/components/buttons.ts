/** The shop's quiet button: wine outline, filled on hover (the solid one is empty-state.tsx's buttonClass). */
export const secondaryButtonClass =
  'inline-flex min-h-11 items-center justify-center rounded-full px-6 text-sm font-medium text-wine ring-1 ring-wine hover:bg-wine hover:text-ivory';
