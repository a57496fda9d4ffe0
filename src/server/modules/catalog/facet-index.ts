/**
 * The catalog's filters in memory (issue 20): for every facet value (fabric=silk, size=M, a price
 * band) the set of products that have it, as bits. A filtered list and the counts beside every
 * choice are ANDs and bit counts over those sets, microseconds at 100,000 products, where SQL would
 * group every matching row once per facet. PostgreSQL still gives the cards; this gives which ids,
 * in which order, and how many of each.
 *
 * Choices within a facet are OR (silk or cotton), across facets AND (silk, and red). A facet's own
 * counts leave out its own choices ("disjunctive" counts): choosing Silk still shows how many
 * Cotton pieces there are, and beside Red how many red pieces are silk. A size counts only pieces
 * with that size in stock when "in stock only" is on.
 */
import { createHash } from 'node:crypto';
import { andInto, countBoth, count, emptyBits, fullBits, sameBits, setBit, union, type Bits } from './bitset.ts';

/** A product as the index needs it: its values per facet, its sizes, and its place in each order. */
export interface IndexedProduct {
  id: number;
  /** Facet name to the values it has (several for occasions, or a discount's steps). */
  values: Readonly<Record<string, readonly string[]>>;
  /** Sizes offered, and of those the ones with pieces left. */
  sizes: readonly string[];
  sizesInStock: readonly string[];
  /** Sort keys, higher first or lower first as each order says. */
  keys: Readonly<Record<string, number>>;
}

/** An order of the list: its key, and which end comes first; ties go to the newer product (higher id). */
export interface SortOrder {
  key: string;
  direction: 'asc' | 'desc';
}

/** What a list asks: within which products, which choices, in which order, which slice. */
export interface FacetQuery {
  /** The list's own products (a category, a search's matches); null: the whole shop. */
  scope: Bits | null;
  /** Facet name to the values chosen (OR within); a facet absent or empty is not filtered. */
  chosen: Readonly<Record<string, readonly string[]>>;
  inStockOnly: boolean;
  /**
   * A named order built with the index, or an order the caller ranked (a search's relevance): as
   * ids, or as the index's own positions (`positionOf`), which spares a lookup per piece.
   */
  order: string | readonly number[] | { positions: ArrayLike<number> };
  offset: number;
  limit: number;
}

export interface FacetAnswer {
  ids: number[];
  total: number;
  /** Facet name to value to how many pieces the list would have with that value chosen too. */
  counts: Record<string, Record<string, number>>;
  /** Pieces with a size left, among the list as the other choices leave it. */
  inStock: number;
}

/** Products built between two turns of the event loop (a few milliseconds of work). */
export const BUILD_SLICE = 4096;

/** Lets the server answer what is waiting before the build goes on. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The size facet: filtered by the sizes offered, or by the sizes in stock when in stock only is on. */
export const SIZE = 'size';
/** The sizes with pieces left, counted for the size facet when in stock only is on. */
const SIZE_LEFT = 'size (in stock)';

export class FacetIndex {
  private readonly positions = new Map<number, number>();
  private readonly sets = new Map<string, Map<string, Bits>>();
  private readonly sizesLeft = new Map<string, Bits>();
  private readonly anyLeft: Bits;
  private orders = new Map<string, Int32Array>();
  /** Each order's inverse: a product's rank in it, by position (a sparse list is sorted by these). */
  private ranks = new Map<string, Int32Array>();
  /**
   * Each product's facet values as slots (a slot is one facet's one value), for counting a sparse
   * set by walking its products rather than every value's set: `slotsOf[starts[at]..starts[at+1])`.
   */
  private readonly slots: { facet: string; value: string }[] = [];
  private readonly slotOf = new Map<string, number>();
  private starts = new Int32Array(1);
  private slotsOf = new Int32Array(0);

  private constructor(
    private readonly ids: Int32Array,
    facets: readonly string[],
  ) {
    for (const f of [...facets, SIZE]) this.sets.set(f, new Map());
    this.anyLeft = emptyBits(ids.length);
  }

  get size() {
    return this.ids.length;
  }

  /** Builds the sets and orders once; a query never changes them. */
  /**
   * Builds the sets and orders once; a query never changes them. The work is done a few thousand
   * products at a time, letting the server answer in between: at 100,000 products a build takes
   * most of a second, and done in one go it would hold every request waiting meanwhile.
   */
  static async build(products: readonly IndexedProduct[], facets: readonly string[], orders: Readonly<Record<string, SortOrder>>): Promise<FacetIndex> {
    const index = new FacetIndex(Int32Array.from(products, (p) => p.id), facets);
    const slotsOf: number[] = [];
    index.starts = new Int32Array(products.length + 1);
    for (let at = 0; at < products.length; at++) {
      if (at > 0 && at % BUILD_SLICE === 0) await nextTurn();
      const p = products[at]!;
      index.positions.set(p.id, at);
      const has = (sets: Map<string, Bits>, facet: string, value: string) => {
        setBit(index.setOf(sets, value), at);
        slotsOf.push(index.slotFor(facet, value));
      };
      for (const f of facets) for (const v of p.values[f] ?? []) has(index.sets.get(f)!, f, v);
      for (const s of p.sizes) has(index.sets.get(SIZE)!, SIZE, s);
      for (const s of p.sizesInStock) has(index.sizesLeft, SIZE_LEFT, s);
      if (p.sizesInStock.length > 0) setBit(index.anyLeft, at);
      index.starts[at + 1] = slotsOf.length;
    }
    index.slotsOf = Int32Array.from(slotsOf);
    index.orders = await sortedOrders(products, orders);
    for (const [name, positions] of index.orders) {
      const rank = new Int32Array(positions.length);
      for (let r = 0; r < positions.length; r++) rank[positions[r]!] = r;
      index.ranks.set(name, rank);
    }
    return index;
  }

  private slotFor(facet: string, value: string): number {
    const key = `${facet}\u0000${value}`;
    let slot = this.slotOf.get(key);
    if (slot === undefined) {
      slot = this.slots.push({ facet, value }) - 1;
      this.slotOf.set(key, slot);
    }
    return slot;
  }

  private setOf(sets: Map<string, Bits>, value: string): Bits {
    let bits = sets.get(value);
    if (!bits) sets.set(value, (bits = emptyBits(this.ids.length)));
    return bits;
  }

  /** Where a product sits in the index; undefined when it does not hold it. */
  positionOf(id: number): number | undefined {
    return this.positions.get(id);
  }

  /** The set of the products at the given positions (`positionOf`; -1 is none). */
  bitsAt(positions: ArrayLike<number>): Bits {
    const bits = emptyBits(this.ids.length);
    for (let i = 0; i < positions.length; i++) if (positions[i]! >= 0) setBit(bits, positions[i]!);
    return bits;
  }

  /** The set of the given products (a category's, a search's), those the index holds. */
  bitsOf(ids: Iterable<number>): Bits {
    const bits = emptyBits(this.ids.length);
    for (const id of ids) {
      const at = this.positions.get(id);
      if (at !== undefined) setBit(bits, at);
    }
    return bits;
  }

  /** Whether some piece has this value of the facet. */
  has(facet: string, value: string): boolean {
    return this.sets.get(facet)?.has(value) ?? false;
  }

  /** The list's own products, less those with nothing left when in stock only is on. */
  private baseOf(q: Pick<FacetQuery, 'scope' | 'inStockOnly'>): Bits {
    const base = q.scope ? q.scope.slice() : fullBits(this.ids.length);
    return q.inStockOnly ? andInto(base, this.anyLeft) : base;
  }

  /** A facet's sets of products per value: for sizes with in stock only on, those with pieces left. */
  private facetSets(f: string, inStockOnly: boolean) {
    return f === SIZE && inStockOnly ? this.sizesLeft : this.sets.get(f);
  }

  /** Each facet with choices as one set (any of them will do); an unknown value matches nothing. */
  private activeSets(q: Pick<FacetQuery, 'chosen' | 'inStockOnly'>): Map<string, Bits> {
    const active = new Map<string, Bits>();
    for (const [f, values] of Object.entries(q.chosen)) {
      const sets = this.facetSets(f, q.inStockOnly);
      if (!sets || values.length === 0) continue;
      active.set(f, union(this.ids.length, values.flatMap((v) => sets.get(v) ?? [])));
    }
    return active;
  }

  /**
   * What the choices come to within the list, as a key (issue 53): two addresses whose choices
   * narrow the list alike have the same answer (its cards, its total and every count beside a
   * choice), so they share one key. A facet's choices count only as the products they leave of
   * the list's own (a hash of that set); choices that leave all of them narrow nothing, and count
   * as none. So `size=S,M,L` where every M and L also comes in S is `size=S`, and no subset of
   * sizes crafted by a stranger makes a key that a shorter address would not.
   */
  choiceKey(q: Pick<FacetQuery, 'scope' | 'chosen' | 'inStockOnly'>): string {
    const base = this.baseOf(q);
    const parts = q.inStockOnly ? ['instock'] : [];
    const active = this.activeSets(q);
    for (const f of [...active.keys()].sort()) {
      const left = andInto(active.get(f)!, base);
      if (!sameBits(left, base)) parts.push(`${f}:${createHash('sha1').update(left).digest('base64url')}`);
    }
    return parts.join('|');
  }

  query(q: FacetQuery): FacetAnswer {
    const base = this.baseOf(q);
    const facetSets = (f: string) => this.facetSets(f, q.inStockOnly);
    const active = this.activeSets(q);
    const matching = base.slice();
    for (const set of active.values()) andInto(matching, set);

    const counts: FacetAnswer['counts'] = {};
    for (const f of this.sets.keys()) counts[f] = {};
    // A facet's slots as counted: sizes with pieces left when in stock only is on.
    const counted = (f: string) => (f === SIZE && q.inStockOnly ? SIZE_LEFT : f);
    // The facets without choices of their own are all counted over `matching`; each facet with
    // choices over the list without them (the other values stay choosable, with honest counts).
    const passes: [Bits, string[]][] = [[matching, [...this.sets.keys()].filter((f) => !active.has(f))]];
    for (const f of active.keys()) {
      const others = base.slice();
      for (const [g, set] of active) if (g !== f) andInto(others, set);
      passes.push([others, [f]]);
    }
    for (const [set, facets] of passes) {
      if (facets.length === 0) continue;
      const values = facets.reduce((sum, f) => sum + (facetSets(f)?.size ?? 0), 0);
      // Walking a set's products costs about their slots; counting each value's set, its words.
      if (count(set) * this.slotsPerProduct() < values * set.length) this.countByProducts(set, facets.map(counted), counts);
      else for (const f of facets) for (const [v, bits] of facetSets(f)!) counts[f]![v] = countBoth(set, bits);
    }
    const total = count(matching);
    const inStock = q.inStockOnly ? total : countBoth(matching, this.anyLeft);
    return { ids: this.slice(matching, total, q.order, q.offset, q.limit), total, counts, inStock };
  }

  private slotsPerProduct() {
    return this.ids.length === 0 ? 1 : Math.max(1, this.slotsOf.length / this.ids.length);
  }

  /** Counts, for the given facets, the values of the products in `set`, one product at a time. */
  private countByProducts(set: Bits, facets: string[], counts: FacetAnswer['counts']) {
    const wanted = new Set(facets);
    const tally = new Int32Array(this.slots.length);
    for (let w = 0; w < set.length; w++) {
      let word = set[w]!;
      while (word !== 0) {
        const low = word & -word;
        const at = w * 32 + 31 - Math.clz32(low);
        word ^= low;
        for (let i = this.starts[at]!; i < this.starts[at + 1]!; i++) tally[this.slotsOf[i]!]!++;
      }
    }
    this.slots.forEach(({ facet, value }, slot) => {
      if (!wanted.has(facet)) return;
      const name = facet === SIZE_LEFT ? SIZE : facet;
      counts[name]![value] = tally[slot]!;
    });
  }

  /** The matching products' ids from `offset`, in the order asked, at most `limit`. */
  private slice(matching: Bits, total: number, order: FacetQuery['order'], offset: number, limit: number): number[] {
    if (total <= offset) return [];
    if (typeof order === 'string') return this.sliceOrdered(matching, total, order, offset, limit);
    // A search's few thousand ranked pieces, walked on every filtered search.
    if ('positions' in order) return this.walk(order.positions, matching, offset, limit);
    return this.walk(Int32Array.from(order, (id) => this.positions.get(id) ?? -1), matching, offset, limit);
  }

  /** The ids at `positions` (-1: none) that are in `matching`, in that order, from `offset`, at most `limit`: kept tight. */
  private walk(positions: ArrayLike<number>, matching: Bits, offset: number, limit: number): number[] {
    const out: number[] = [];
    let skipped = 0;
    for (let i = 0; i < positions.length; i++) {
      const at = positions[i]!;
      if (at < 0 || (matching[at >>> 5]! & (1 << (at & 31))) === 0) continue;
      if (skipped < offset) skipped++;
      else if (out.push(this.ids[at]!) >= limit) break;
    }
    return out;
  }

  /**
   * A named order's slice. Walking the order finds the page after about (offset + limit) / total
   * of the catalog; a few matches (a search with three choices: a dozen pieces) would walk all of
   * it, 100,000 steps. Those are gathered from their bits and sorted by their ranks instead.
   */
  private sliceOrdered(matching: Bits, total: number, order: string, offset: number, limit: number): number[] {
    const positions = this.orders.get(order);
    const ranks = this.ranks.get(order);
    if (!positions || !ranks) throw new Error(`No order ${order}`);
    const steps = (Math.min(offset + limit, total) / total) * positions.length;
    if (steps <= matching.length + total * Math.log2(total + 1)) return this.walk(positions, matching, offset, limit);
    const out: number[] = [];
    const found = new Int32Array(total);
    let k = 0;
    for (let w = 0; w < matching.length; w++) {
      for (let word = matching[w]!; word !== 0; word &= word - 1) found[k++] = ranks[w * 32 + 31 - Math.clz32(word & -word)]!;
    }
    found.sort();
    const end = Math.min(offset + limit, total);
    for (let i = offset; i < end; i++) out.push(this.ids[positions[found[i]!]!]!);
    return out;
  }
}

/** Positions past this many products could not be packed beside a sort key (a shop of a million pieces). */
const MAX_PRODUCTS = 1 << 20;

/**
 * Each order as the products' positions. The key and the tie-break (the newer product first) are
 * packed into one float per product and sorted natively: a comparator function costs five times as
 * much at 100,000 products, and a rebuild holds the event loop while it runs.
 */
async function sortedOrders(products: readonly IndexedProduct[], orders: Readonly<Record<string, SortOrder>>): Promise<Map<string, Int32Array>> {
  const n = products.length;
  if (n >= MAX_PRODUCTS) throw new Error(`The filter index holds at most ${MAX_PRODUCTS - 1} products`);
  // Position by id, newest (highest id) first: the tie-break's rank.
  const byId = Float64Array.from(products, (p, at) => -p.id * MAX_PRODUCTS + at).sort();
  const newestRank = new Int32Array(n);
  byId.forEach((packed, rank) => (newestRank[((packed % MAX_PRODUCTS) + MAX_PRODUCTS) % MAX_PRODUCTS] = rank));
  const atRank = new Int32Array(n);
  newestRank.forEach((rank, at) => (atRank[rank] = at));
  const out = new Map<string, Int32Array>();
  for (const [name, { key, direction }] of Object.entries(orders)) {
    await nextTurn();
    const sign = direction === 'asc' ? 1 : -1;
    const packed = Float64Array.from(products, (p, at) => sign * Math.trunc(p.keys[key] ?? 0) * MAX_PRODUCTS + newestRank[at]!).sort();
    out.set(name, Int32Array.from(packed, (v) => atRank[((v % MAX_PRODUCTS) + MAX_PRODUCTS) % MAX_PRODUCTS]!));
  }
  return out;
}

