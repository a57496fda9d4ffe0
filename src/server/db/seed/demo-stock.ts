/**
 * The demo catalog's sizes and stock (issue 16): kurtas and suits in XS to 3XL, lehengas in XS to
 * XXL, each with a believable spread (the middle sizes deepest, some sizes sold out, some down to
 * their last pieces); several silk sarees one of a kind; the other sarees and dupattas a few pieces
 * each. Derived from each product's place in the file, so every seed writes the same shop.
 */
import { ONE_SIZE } from '../../../shared/stock.ts';
import type { DemoProduct } from './demo-types.ts';

/** The size lists migration 0015 writes, by the garments cut to them. */
const LIST_OF_KIND: Partial<Record<DemoProduct['image']['kind'], string>> = { kurta: 'Kurtas and suits', salwar: 'Kurtas and suits', lehenga: 'Lehengas' };

/** Pieces per size, the middle sizes deepest; rotated per product so the gaps fall differently. */
const SPREAD = [2, 6, 9, 8, 5, 0, 3];

export interface DemoSizes {
  listName: string | null;
  sizes: { size: string; stock: number }[];
}

export function demoSizes(p: DemoProduct, index: number, lists: Map<string, string[]>): DemoSizes {
  const listName = LIST_OF_KIND[p.image.kind] ?? null;
  const listSizes = listName ? lists.get(listName) : undefined;
  if (!listName || !listSizes) return { listName: null, sizes: [{ size: ONE_SIZE, stock: oneSizeStock(p, index) }] };
  const sizes = listSizes.map((size, i) => {
    if (p.availability === 'Out of Stock') return { size, stock: 0 };
    // The last pieces of a style: two sizes left, 2 and 1.
    if (p.availability === 'Only a few left') return { size, stock: i === 2 ? 2 : i === 3 ? 1 : 0 };
    return { size, stock: SPREAD[(i + index) % SPREAD.length]! };
  });
  return { listName, sizes };
}

function oneSizeStock(p: DemoProduct, index: number): number {
  if (p.availability === 'Out of Stock') return 0;
  if (p.availability === 'Only a few left') return 2;
  // Handloom silk is often woven once: every other silk saree is the only one there is.
  if (p.categories.includes('silk-sarees') && index % 2 === 0) return 1;
  return 4 + (index % 5);
}
