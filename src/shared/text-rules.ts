/**
 * The text rules the contracts share. "Letters" are letters of any script: a name in Devanagari or
 * Tamil is a name (its vowel signs are combining marks, so marks count too). A phone is the spec's
 * 10 digits, and (design.md) one that cannot be an Indian mobile number, starting 0 to 5, is
 * refused too.
 */
/** Words of letters (each starting with one: a mark alone is no letter), single spaces between. */
export const LETTERS_AND_SPACES = /^\p{L}[\p{L}\p{M}]*(?: \p{L}[\p{L}\p{M}]*)*$/u;
export const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
export const INDIAN_MOBILE = /^[6-9]/;
export const NOT_INDIAN_MOBILE = 'Please enter a valid Indian mobile number';

/**
 * The characters that change the direction text is drawn in (U+202A–202E embeddings and overrides,
 * U+2066–2069 isolates, the marks U+200E, U+200F and U+061C): with them a name can show to the owner
 * as something other than what it is ("Silk Saree ‮0001₹" drawn backwards). Indian scripts run left
 * to right and never need them, so names, texts and addresses are kept without.
 */
export const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
export const withoutBidi = (s: string) => s.replace(BIDI_CONTROLS, '');

/**
 * Trimmed, inner runs of white space folded to one space (a name typed with a double space is
 * still a name), and control characters (a NUL, which PostgreSQL cannot store; a pasted tab or
 * line break) taken as spaces first; direction controls dropped.
 */
// eslint-disable-next-line no-control-regex
export const tidy = (s: string) => withoutBidi(s).replace(/[\u0000-\u001f\u007f]/g, ' ').trim().replace(/\s+/g, ' ');

/** Length in characters as a person counts them (an emoji or a Tamil letter is one, not two). */
export const charCount = (s: string) => [...s].length;
