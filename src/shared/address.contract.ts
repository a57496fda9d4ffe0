/**
 * Spec §5 Address: one zod schema for the address form and the API, with the spec's messages word
 * for word. The API answers them joined by commas without trailing periods (ValidationError).
 * Every field is tidied (trimmed, spaces folded) before its rules run; the state is given its own
 * spelling from India's list.
 */
import { ADDRESS_MAX, DEFAULT_COUNTRY, isPlaceholderName, isPlaceholderPhone, type ProfileAddressSource } from './addresses.ts';
import { PHONE_DIGITS } from './accounts.ts';
import { indiaState } from './india.ts';
import { PINCODE_DIGITS_MESSAGE, pincodeProblem } from './pincode.ts';
import { charCount, HAS_LETTER_OR_DIGIT, INDIAN_MOBILE, LETTERS_AND_SPACES, NOT_INDIAN_MOBILE, tidy } from './text-rules.ts';
import { z } from './zod.ts';

type Check = (v: string) => string | undefined;

/** A text field: tidied, then the first rule that fails names the problem. */
const field = (required: string, ...checks: Check[]) =>
  z
    .string({ error: required })
    .nullish()
    .transform((s) => tidy(s ?? ''))
    .superRefine((v, ctx) => {
      const problem = v === '' ? required : checks.map((check) => check(v)).find(Boolean);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

const atMost = (label: string, max: number): Check => (v) => (charCount(v) > max ? `${label} must be at most ${max} characters.` : undefined);
const lettersOnly = (label: string): Check => (v) => (LETTERS_AND_SPACES.test(v) ? undefined : `${label} must contain only letters and spaces.`);
const atLeastTwo = (label: string): Check => (v) => (charCount(v) < 2 ? `${label} must be at least 2 characters.` : undefined);
const validCharacters = (label: string): Check => (v) => (HAS_LETTER_OR_DIGIT.test(v) ? undefined : `${label} must contain valid characters.`);

const PHONE = new RegExp(`^\\d{${PHONE_DIGITS}}$`);

/** Spec §5's pincode (shared/pincode.ts). */
export const pincodeField = field(PINCODE_DIGITS_MESSAGE, pincodeProblem);

export const STATE_NOT_LISTED = 'Please choose a state or union territory of India.';
export const INDIA_ONLY = 'We deliver within India only.';

export const addressContract = z.object({
  name: field(
    'Name must be at least 2 characters.',
    atMost('Name', ADDRESS_MAX.name),
    atLeastTwo('Name'),
    (v) => (LETTERS_AND_SPACES.test(v) ? undefined : 'Name must contain only letters and spaces.'),
  ),
  phone: field(
    'Phone must be 10 digits.',
    (v) => (PHONE.test(v) ? undefined : 'Phone must be 10 digits.'),
    (v) => (INDIAN_MOBILE.test(v) ? undefined : NOT_INDIAN_MOBILE),
  ),
  house: field('House/Flat is required.', atMost('House/Flat', ADDRESS_MAX.line), validCharacters('House/Flat')),
  street: field('Street/Address is required.', atMost('Street/Address', ADDRESS_MAX.line), validCharacters('Street/Address')),
  city: field('City is required.', atMost('City', ADDRESS_MAX.city), lettersOnly('City'), atLeastTwo('City')),
  // A state on India's list passes as typed ("Jammu & Kashmir" too); anything else is told what is wrong with it.
  state: field('State is required.', atMost('State', ADDRESS_MAX.city), (v) =>
    indiaState(v) ? undefined : (lettersOnly('State')(v) ?? atLeastTwo('State')(v) ?? STATE_NOT_LISTED),
  ).transform((v) => indiaState(v)!),
  pincode: pincodeField,
  country: field('Country is required.', atMost('Country', ADDRESS_MAX.city), lettersOnly('Country'), atLeastTwo('Country'), (v) =>
    v.toLowerCase() === DEFAULT_COUNTRY.toLowerCase() ? undefined : INDIA_ONLY,
  )
    .transform(() => DEFAULT_COUNTRY)
    .default(DEFAULT_COUNTRY),
});

/** What the form holds: text in every field. */
export type AddressFormValues = z.input<typeof addressContract>;
/** What the API stores: tidied, the state spelt as India's list spells it. */
export type AddressInput = z.output<typeof addressContract>;

/**
 * Spec §5 Profile-derived address: offered only when the profile's name, phone, house, line, city,
 * state and pin are all filled and are not placeholders, and (the profile's own rules being
 * looser) only when the result passes the address book's rules too. Returns it, or null.
 */
export function profileAddress(p: ProfileAddressSource): AddressInput | null {
  const name = [p.firstName, p.lastName].filter(Boolean).join(' ').trim();
  const { phone, addressHouse: house, addressLine: street, addressCity: city, addressState: state, addressPin: pincode } = p;
  if (!name || !phone || !house || !street || !city || !state || !pincode) return null;
  if (isPlaceholderName(name) || isPlaceholderName(p.firstName) || isPlaceholderPhone(phone)) return null;
  const checked = addressContract.safeParse({ name, phone, house, street, city, state, pincode, country: DEFAULT_COUNTRY });
  return checked.success ? checked.data : null;
}
