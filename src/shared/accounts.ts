/** Accounts' constants, shared by the database schema, the contracts and the screens (no zod here). */
/** Spec §5 and §9: a phone is 10 digits, a pin code 6. */
export const PHONE_DIGITS = 10;
export const PIN_DIGITS = 6;

export const GENDERS = ['male', 'female', 'prefer-not-to-say'] as const;
export type Gender = (typeof GENDERS)[number];

/** How each gender is shown. */
export const GENDER_LABELS: Readonly<Record<Gender, string>> = {
  male: 'Male',
  female: 'Female',
  'prefer-not-to-say': 'Prefer not to say',
};
