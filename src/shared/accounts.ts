/** Accounts' constants, shared by the database schema, the contracts and the screens (no zod here). */
export const GENDERS = ['male', 'female', 'prefer-not-to-say'] as const;
export type Gender = (typeof GENDERS)[number];

/** How each gender is shown. */
export const GENDER_LABELS: Readonly<Record<Gender, string>> = {
  male: 'Male',
  female: 'Female',
  'prefer-not-to-say': 'Prefer not to say',
};
