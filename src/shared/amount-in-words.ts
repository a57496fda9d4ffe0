/**
 * An amount in words, as an Indian invoice writes it (issue 18, docs/decisions/0021):
 * "Rupees Four Thousand Two Hundred Ninety-Eight and Fifty Paise Only". Indian numbering (lakh,
 * crore). The words come from `to-words` (its en-IN locale alone, for a small bundle); the form
 * around them is ours, so it stays the same whatever the library's currency wording.
 */
import { toWords } from 'to-words/en-IN';

const CRORE = 10_000_000;

/**
 * A whole number in Indian words. to-words carries on past the crore to arab and kharab, which
 * invoices do not use (people read "One Hundred Twenty Crore"): from a hundred crore the crores are
 * counted in words of their own.
 */
function indianWords(n: number): string {
  if (n < 100 * CRORE) return hyphenateTens(toWords(n));
  const rest = n % CRORE;
  return `${indianWords(Math.floor(n / CRORE))} Crore${rest === 0 ? '' : ` ${indianWords(rest)}`}`;
}

/** "Ninety Eight" → "Ninety-Eight", as English writes compound numbers; "Ninety Crore" stays. */
function hyphenateTens(words: string): string {
  return words.replace(/\b(Twenty|Thirty|Forty|Fifty|Sixty|Seventy|Eighty|Ninety) (One|Two|Three|Four|Five|Six|Seven|Eight|Nine)\b/g, '$1-$2');
}

/**
 * `paise` (a whole, non-negative number) in words: "Rupees Zero Only" for 0, "Rupees Zero and One
 * Paisa Only" for 1. Throws on anything else, since an invoice must never print a wrong amount.
 */
export function rupeesInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Not an amount in paise: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const fraction = rest === 0 ? '' : ` and ${indianWords(rest)} ${rest === 1 ? 'Paisa' : 'Paise'}`;
  return `Rupees ${indianWords(rupees)}${fraction} Only`;
}
