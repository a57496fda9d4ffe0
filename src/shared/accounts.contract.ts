/**
 * The accounts contracts of spec §5, one zod schema each for the form and the API: login, signup,
 * the forgotten-password request, the new password, and the profile. The messages are the spec's,
 * word for word.
 *
 * "Letters" are letters of any script: a name in Devanagari or Tamil is a name (its vowel signs
 * are combining marks, so marks count too). A phone is the spec's 10 digits, and (design.md) one
 * that cannot be an Indian mobile number, starting 0 to 5, is refused too.
 */
import { z } from './zod.ts';
import { GENDERS, PHONE_DIGITS, PIN_DIGITS } from './accounts.ts';
import { HAS_LETTER_OR_DIGIT, INDIAN_MOBILE, LETTERS_AND_SPACES, NOT_INDIAN_MOBILE, tidy } from './text-rules.ts';

/** Longest accepted input per field: far past any real value, short of a denial of service. */
const MAX = { name: 50, email: 254, password: 128, text: 120, city: 60 } as const;

export { PHONE_DIGITS, PIN_DIGITS } from './accounts.ts';
export const MIN_PASSWORD = 8;
export const MAX_PASSWORD = MAX.password;

const PASSWORD_SYMBOLS = /[@$!%*?&]/;


/** An email address, trimmed and lower-cased; `required` is what an empty one is told. */
const emailAddress = (required: string) =>
  z
    .string({ error: required })
    .transform((s) => s.trim().toLowerCase())
    .pipe(z.string().min(1, required).max(MAX.email, 'Please enter a valid email address').pipe(z.email({ message: 'Please enter a valid email address' })));

const email = emailAddress('Email is required');

const name = (required: boolean) =>
  z
    .string({ error: 'This field is required' })
    .nullish()
    .transform((s) => tidy(s ?? ''))
    .superRefine((v, ctx) => {
      const say = (message: string) => ctx.addIssue({ code: 'custom', message });
      if (v === '') return required ? say('This field is required') : undefined;
      if (v.length > MAX.name) return say(`Must be at most ${MAX.name} characters`);
      if (!LETTERS_AND_SPACES.test(v)) return say('Only letters and spaces are allowed');
      if ([...v].length < 2) return say('Must be at least 2 characters');
    });

const phone = z
  .string({ error: 'Phone number is required' })
  .transform((s) => s.trim())
  .superRefine((v, ctx) => {
    const say = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (v === '') return say('Phone number is required');
    if (!new RegExp(`^\\d{${PHONE_DIGITS}}$`).test(v)) return say('Phone number must be exactly 10 digits');
    if (!INDIAN_MOBILE.test(v)) return say(NOT_INDIAN_MOBILE);
  });

const password = z
  .string({ error: 'Password is required' })
  .superRefine((v, ctx) => {
    const say = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (v === '') return say('Password is required');
    if (v.length < MIN_PASSWORD) return say('Password must be at least 8 characters');
    if (v.length > MAX.password) return say(`Password must be at most ${MAX.password} characters`);
    if (!/\p{L}/u.test(v) || !/\p{N}/u.test(v) || !PASSWORD_SYMBOLS.test(v)) {
      return say('Password must contain letters, numbers, and at least one symbol (@$!%*?&)');
    }
  });

/** Spec §5 Login. Only presence is checked for the password: its rules are sign-up's business. */
export const loginContract = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(MAX.password, 'Password is required'),
});
export type LoginInput = z.infer<typeof loginContract>;

/** Spec §5 Signup. */
export const signupContract = z.object({
  firstName: name(true),
  lastName: name(false),
  email,
  phone,
  gender: z.enum(GENDERS, { error: 'Please choose an option' }),
  password,
});
export type SignupInput = z.infer<typeof signupContract>;

/** Spec §5 Reset, first step: the address to send the link to. */
export const resetRequestContract = z.object({ email: emailAddress('Please enter your email to reset password.') });

/** Spec §5 Reset, second step: the new password, twice. */
export const newPasswordContract = z
  .object({ password, confirmPassword: z.string({ error: 'Passwords do not match.' }) })
  .refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match.', path: ['confirmPassword'] });
export type NewPasswordInput = z.infer<typeof newPasswordContract>;

const BAD_TOKEN = 'This reset link is incomplete. Please open the link from your email again.';

/**
 * The link's token travels with the new password (the reset screen reads it from its address). Our
 * links carry letters, digits, - and _ only: anything else (a NUL, which PostgreSQL refuses outright)
 * is no link of ours, and is refused as one that went wrong.
 */
export const resetPasswordContract = newPasswordContract.and(
  z.object({ token: z.string({ error: BAD_TOKEN }).min(1, BAD_TOKEN).max(200, BAD_TOKEN).regex(/^[A-Za-z0-9_-]+$/, BAD_TOKEN) }),
);

/** An optional profile field: empty means "not given" (null), anything else must pass `check`. */
const optional = (check: (v: string) => string | undefined, max: number = MAX.text) =>
  z
    .string()
    .nullish()
    .transform((s) => (s ? tidy(s) : ''))
    .superRefine((v, ctx) => {
      if (v === '') return;
      const problem = v.length > max ? `Must be at most ${max} characters.` : check(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((v) => (v === '' ? null : v));

const profileName = (required: boolean) =>
  z
    .string()
    .nullish()
    .transform((s) => (s ? tidy(s) : ''))
    .superRefine((v, ctx) => {
      const say = (message: string) => ctx.addIssue({ code: 'custom', message });
      if (v === '') return required ? say('Must be at least 2 characters.') : undefined;
      if (v.length > MAX.name) return say(`Must be at most ${MAX.name} characters.`);
      if (!LETTERS_AND_SPACES.test(v)) return say('Only letters and spaces are allowed.');
      if ([...v].length < 2) return say('Must be at least 2 characters.');
    })
    .transform((v) => (v === '' ? null : v));

/** Spec §5 Profile: what a shopper may edit (email and is_admin are not theirs to change). */
export const profileContract = z.object({
  firstName: profileName(true).pipe(z.string({ error: 'Must be at least 2 characters.' })),
  lastName: profileName(false),
  phone: optional((v) =>
    !new RegExp(`^\\d{${PHONE_DIGITS}}$`).test(v)
      ? 'Phone must be 10 digits.'
      : !INDIAN_MOBILE.test(v)
        ? NOT_INDIAN_MOBILE
        : undefined,
  ),
  gender: z.enum(GENDERS, { error: 'Please choose an option' }).nullish().transform((v) => v ?? null),
  addressHouse: optional((v) => (HAS_LETTER_OR_DIGIT.test(v) ? undefined : 'House/Flat must contain valid characters.')),
  addressLine: optional((v) => (HAS_LETTER_OR_DIGIT.test(v) ? undefined : 'Address must contain valid characters.')),
  addressCity: optional((v) => (LETTERS_AND_SPACES.test(v) ? undefined : 'City must contain only letters and spaces.'), MAX.city),
  addressState: optional((v) => (LETTERS_AND_SPACES.test(v) ? undefined : 'State must contain only letters and spaces.'), MAX.city),
  addressPin: optional((v) => (new RegExp(`^\\d{${PIN_DIGITS}}$`).test(v) ? undefined : 'Pin code must be 6 digits.')),
});
export type ProfileInput = z.infer<typeof profileContract>;

/** Order updates on WhatsApp or SMS (issue 48): on from the checkout's box, off from the profile. */
export const orderUpdatesContract = z.object({ on: z.boolean({ error: 'Say whether you want order updates on WhatsApp or SMS.' }) });
