/**
 * A shopper's address book (spec §7 addresses), always inside their shopper transaction: row-level
 * security (migration 0008) keeps every statement to their own rows, the filters say so too.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { AddressInput } from '../../../shared/address.contract.ts';
import type { Address } from '../../../shared/addresses.ts';
import { addresses } from '../../db/schema/index.ts';
import type { ShopperTx } from '../../db/shopper.ts';

const columns = {
  id: addresses.id,
  name: addresses.name,
  phone: addresses.phone,
  house: addresses.house,
  street: addresses.street,
  city: addresses.city,
  state: addresses.state,
  pincode: addresses.pincode,
  country: addresses.country,
  createdAt: addresses.createdAt,
};

type Row = Omit<Address, 'createdAt'> & { createdAt: Date };
const asAddress = ({ createdAt, ...rest }: Row): Address => ({ ...rest, createdAt: createdAt.toISOString() });
const ofAddress = (userId: string, id: string) => and(eq(addresses.userId, userId), eq(addresses.id, id));

/** Newest first (spec §7). */
export async function listAddresses(tx: ShopperTx, userId: string): Promise<Address[]> {
  const rows = await tx.select(columns).from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.createdAt), desc(addresses.id));
  return rows.map(asAddress);
}

/** One shopper's additions wait for each other, so that the book's limit holds when they race. */
export async function lockBook(tx: ShopperTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('addresses'), hashtext(${userId}))`);
}

export async function countAddresses(tx: ShopperTx, userId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
  return row?.n ?? 0;
}

export async function insertAddress(tx: ShopperTx, userId: string, input: AddressInput): Promise<Address> {
  const [row] = await tx.insert(addresses).values({ ...input, userId }).returning(columns);
  return asAddress(row!);
}

export async function updateAddress(tx: ShopperTx, userId: string, id: string, input: AddressInput): Promise<Address | undefined> {
  const [row] = await tx
    .update(addresses)
    .set({ ...input, updatedAt: sql`now()` })
    .where(ofAddress(userId, id))
    .returning(columns);
  return row && asAddress(row);
}

export async function deleteAddress(tx: ShopperTx, userId: string, id: string): Promise<void> {
  await tx.delete(addresses).where(ofAddress(userId, id));
}
