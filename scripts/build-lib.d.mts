/** Types of build-lib.mjs (plain JavaScript: the production start runs no TypeScript). */
export type BuildTarget = 'web' | 'ssr' | 'server';
export const root: string;
export function isFresh(target: BuildTarget): boolean;
export function ensureBuilt(targets: BuildTarget[], options?: { force?: boolean }): Promise<void>;
