/** The shop's quiet button: wine outline, filled on hover (the solid one is empty-state.tsx's buttonClass). */
export const secondaryButtonClass =
  'inline-flex min-h-11 items-center justify-center rounded-full px-6 text-sm font-medium text-wine ring-1 ring-wine hover:bg-wine hover:text-ivory';

/** For what cannot be undone (delete, cancel): solid red, asked in a dialog first. */
export const dangerButtonClass =
  'inline-flex min-h-11 items-center justify-center rounded-full bg-red-800 px-6 text-sm font-medium text-white hover:bg-red-900 disabled:cursor-wait disabled:opacity-70';

/** The quiet button's red twin: opens the question a dangerButtonClass answers. */
export const quietDangerButtonClass = `${secondaryButtonClass} text-red-800 ring-red-800 hover:bg-red-800`;
