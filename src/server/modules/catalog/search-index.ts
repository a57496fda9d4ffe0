/**
 * The search's matching in each app server's memory (issue 20's uncached filtered search, decision
 * 0025): the same question decision 0002 asks of PostgreSQL's trigram index, answered from the
 * stored search text of every piece on sale, as the database folded it.
 *
 * Pieces are kept in the order a match ranks after its name (featured first, then the newest),
 * with an index of their words. A term's words narrow the pieces to check before its text is
 * looked for in each: a word inside the term is a whole word of the text, the first one ends a
 * word, the last one starts one, and a lone word lies within one. The rarest two of those
 * narrow the pieces to a few hundred for a shopper's phrase, so a match costs a fraction of a
 * millisecond at 100,000 pieces, against tens of milliseconds of trigram lists in SQL (or a pass
 * over all 6 MB of text, 1.5 to 2.5 ms, which was the first try).
 */
import { andInto, emptyBits, setBit, type Bits } from './bitset.ts';
import { nextTurn } from './facet-index.ts';

export interface SearchMatches {
  /** The best matches, best first. */
  ids: number[];
  /** Where each sits in the filter index (-1: not there), for a filtered list's scope and order. */
  positions: Int32Array;
  total: number;
}

export interface SearchText {
  id: number;
  /** The piece's name, lower-cased by the database. */
  name: string;
  /** Its name with its categories' and collections' names, lower-cased by the database. */
  text: string;
  featured: boolean;
}

/** Letters and digits of any script: what a word is, in a text and in a term alike. */
const WORD = /[\p{L}\p{N}]+/gu;
const WHOLE_WORD = /^[\p{L}\p{N}]+$/u;
/** Pieces worded between turns of the event loop, so a big catalog's build never holds a request. */
const BUILD_SLICE = 10_000;
/** A word's pieces: listed (a rare word), or as bits (a common one: smaller so, and ANDed at a word a time). */
type Pieces = Int32Array | { bits: Bits };

/** How a word of the term sits in a word of the text. */
type Fit = (word: string, part: string) => boolean;
const FITS: Record<'whole' | 'ends' | 'starts' | 'within', Fit> = {
  whole: (word, part) => word === part,
  ends: (word, part) => word.endsWith(part),
  starts: (word, part) => word.startsWith(part),
  within: (word, part) => word.includes(part),
};

export class SearchIndex {
  private constructor(
    private readonly texts: string[],
    private readonly names: string[],
    private readonly ids: Int32Array,
    /** Each piece's place in the filter index built beside this one (-1: not there). */
    private readonly positions: Int32Array,
    /** Each word of any text, with the pieces (by position) whose text holds it, and how many. */
    private readonly words: Map<string, { pieces: Pieces; n: number }>,
  ) {}

  /**
   * `rows` in rank order after the name: featured first, then the newest. `positionOf`: each
   * piece's place in the filter index built beside it, handed back with its matches.
   */
  static async build(rows: SearchText[], positionOf: (id: number) => number | undefined = () => undefined): Promise<SearchIndex> {
    const lists = new Map<string, number[]>();
    for (let i = 0; i < rows.length; i++) {
      if (i % BUILD_SLICE === BUILD_SLICE - 1) await nextTurn();
      for (const word of new Set(rows[i]!.text.match(WORD))) {
        const pieces = lists.get(word);
        if (pieces) pieces.push(i);
        else lists.set(word, [i]);
      }
    }
    // A common word's pieces as bits (smaller than its list past one piece in 32), a rare one's listed.
    const words = new Map<string, { pieces: Pieces; n: number }>();
    for (const [word, pieces] of lists) {
      if (pieces.length * 32 <= rows.length) {
        words.set(word, { pieces: Int32Array.from(pieces), n: pieces.length });
      } else {
        const bits = emptyBits(rows.length);
        for (const piece of pieces) setBit(bits, piece);
        words.set(word, { pieces: { bits }, n: pieces.length });
      }
    }
    return new SearchIndex(
      rows.map((r) => r.text),
      rows.map((r) => r.name),
      Int32Array.from(rows, (r) => r.id),
      Int32Array.from(rows, (r) => positionOf(r.id) ?? -1),
      words,
    );
  }

  get size(): number {
    return this.ids.length;
  }

  /** The pieces holding any of these words, as bits. */
  private piecesOf(words: Pieces[]): Bits {
    const only = words.length === 1 ? words[0]! : undefined;
    if (only && 'bits' in only) return only.bits;
    const bits = emptyBits(this.ids.length);
    for (const pieces of words) {
      if ('bits' in pieces) for (let i = 0; i < bits.length; i++) bits[i]! |= pieces.bits[i]!;
      else for (let i = 0; i < pieces.length; i++) setBit(bits, pieces[i]!);
    }
    return bits;
  }

  /**
   * The pieces that can hold `term`, by position, ascending; null when its words narrow nothing
   * (a term of spaces and signs), and every piece is checked.
   */
  private candidates(term: string): number[] | null {
    const parts = [...term.matchAll(WORD)];
    if (parts.length === 0) return null;
    // Each part's words of the text, and how many pieces they hold at most.
    const choices = parts.map((m) => {
      const part = m[0];
      const before = m.index > 0;
      const after = m.index + part.length < term.length;
      const fit = FITS[before && after ? 'whole' : before ? 'starts' : after ? 'ends' : 'within'];
      const words: Pieces[] = [];
      let n = 0;
      const add = (word: { pieces: Pieces; n: number }) => {
        words.push(word.pieces);
        n += word.n;
      };
      if (fit === FITS.whole) {
        const word = this.words.get(part);
        if (word) add(word);
      } else {
        for (const [text, word] of this.words) if (fit(text, part)) add(word);
      }
      return { words, n };
    });
    choices.sort((a, b) => a.n - b.n);
    if (choices[0]!.n === 0) return [];
    // The rarest part's pieces, then those of every other part too: a few thousand word-wide ANDs.
    const held = Uint32Array.from(this.piecesOf(choices[0]!.words));
    for (const choice of choices.slice(1)) andInto(held, this.piecesOf(choice.words));
    const found: number[] = [];
    for (let i = 0; i < held.length; i++) {
      for (let word = held[i]!; word !== 0; word &= word - 1) found.push(i * 32 + 31 - Math.clz32(word & -word));
    }
    return found;
  }

  /**
   * Every piece whose text contains `term` (already folded as the database folds: search-cache.ts
   * searchKey, then lower()), best first: name matches, then featured, then newest. The ids of the
   * best `limit` and their places in the filter index, and how many match in all.
   */
  match(term: string, limit: number): SearchMatches {
    if (term === '') return { ids: [], positions: new Int32Array(0), total: 0 };
    const named: number[] = [];
    const rest: number[] = [];
    let total = 0;
    const candidates = this.candidates(term);
    // A term that is one word with nothing around it is in every piece with a word holding it.
    const certain = candidates !== null && WHOLE_WORD.test(term);
    const check = (piece: number) => {
      if (!certain && !this.texts[piece]!.includes(term)) return;
      total++;
      if (this.names[piece]!.includes(term)) {
        if (named.length < limit) named.push(piece);
      } else if (rest.length < limit) {
        rest.push(piece);
      }
    };
    if (candidates) for (const piece of candidates) check(piece);
    else for (let piece = 0; piece < this.texts.length; piece++) check(piece);
    const best = named.concat(rest).slice(0, limit);
    return { ids: best.map((piece) => this.ids[piece]!), positions: Int32Array.from(best, (piece) => this.positions[piece]!), total };
  }
}
