/**
 * Why a review waits for the owner before it is shown (issue 51): photographs always; words that
 * hold a link, a phone number, an e-mail address, or a word on the owner's list. Nothing here
 * judges whether a review is kind: an unkind review with none of these is published at once.
 */
import type { HoldReason } from '../../../shared/reviews.ts';

/** A web address: a scheme, www., or a name ending in a common top-level domain. */
const LINK = /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|in|net|org|co|io|me|info|biz|shop|store|xyz|ly|link|app|site|online)\b(?:\/\S*)?/i;
const EMAIL = /\b[^\s@]+@[^\s@]+\.[a-z]{2,}\b/i;
/** Ten digits of an Indian mobile, with +91, 0, spaces or hyphens between (a price such as ₹1,499 is not one). */
const PHONE = /(?:\+?91[\s-]*|\b0)?(?<![\d,.])[6-9](?:[\s-]*\d){9}(?![\d,.])/;

/**
 * The owner's list's defaults: abuse in English and in Hindi and Hinglish (Latin and Devanagari),
 * which holds a review for a look; never words that are merely unkind. The owner edits the list.
 */
export const DEFAULT_HELD_WORDS: readonly string[] = [
  'fuck', 'fucking', 'shit', 'bitch', 'bastard', 'asshole', 'cunt', 'dick', 'slut', 'whore', 'motherfucker',
  'chutiya', 'chutia', 'madarchod', 'behenchod', 'bhenchod', 'bc', 'mc', 'bsdk', 'bhosdike', 'bhosadi', 'gandu', 'randi', 'harami', 'kamina', 'lavda', 'lauda', 'lund', 'jhaat',
  'चूतिया', 'मादरचोद', 'बहनचोद', 'भेनचोद', 'भोसडीके', 'गांडू', 'रंडी', 'हरामी', 'कमीना', 'लौड़ा',
];

/** The words of a text as the list is matched: letters and marks of any script, lower-cased. */
const wordsOf = (text: string) => new Set((text.toLocaleLowerCase('en-IN').match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).map((w) => w.normalize('NFC')));

export function holdsFor(text: string, hasPhotos: boolean, heldWords: readonly string[]): HoldReason[] {
  const holds: HoldReason[] = [];
  if (hasPhotos) holds.push('photos');
  // An e-mail address is not also a link for its domain.
  const email = EMAIL.test(text);
  if (LINK.test(text.replace(new RegExp(EMAIL.source, 'gi'), ' '))) holds.push('link');
  if (PHONE.test(text)) holds.push('phone');
  if (email) holds.push('email');
  const words = wordsOf(text);
  if (heldWords.some((w) => words.has(w.toLocaleLowerCase('en-IN').normalize('NFC')))) holds.push('word');
  return holds;
}
