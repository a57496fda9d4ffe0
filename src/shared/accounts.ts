/** Accounts' constants, shared by the database schema, the contracts and the screens (no zod here). */
export const GENDERS = ['male', 'female', 'prefer-not-to-say'] as const;
export type Gender = (typeof GENDERS)[number];
