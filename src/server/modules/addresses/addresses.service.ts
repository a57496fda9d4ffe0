/** The address book (spec §3 address, §4 Checkout, §5 Address): a shopper's own addresses, newest first. */
import type { AddressInput } from '../../../shared/address.contract.ts';
import { MAX_ADDRESSES, type Address } from '../../../shared/addresses.ts';
import type { Db } from '../../db/client.ts';
import { asShopper, type ShopperTx } from '../../db/shopper.ts';
import { AppError, NotFoundError, ValidationError } from '../../http/errors.ts';
import type { DeliveryService } from '../delivery/delivery.service.ts';
import * as q from './addresses.queries.ts';

export const ADDRESS_NOT_FOUND = 'Address not found.';
export const BOOK_FULL = `You can keep up to ${MAX_ADDRESSES} addresses. Please delete one you no longer use.`;

export function createAddressesService(db: Db, delivery: Pick<DeliveryService, 'addressProblem'>) {
  /** India Post's directory must place the PIN in the chosen state (issue 17), checked inside the write's transaction. */
  const checkPin = async (tx: ShopperTx, input: AddressInput) => {
    const problem = await delivery.addressProblem(input.pincode, input.state, tx);
    if (problem) throw new ValidationError({ pincode: problem });
  };
  return {
    list: (userId: string) => asShopper(db, userId, (tx) => q.listAddresses(tx, userId)),

    add: (userId: string, input: AddressInput): Promise<Address> =>
      asShopper(db, userId, async (tx) => {
        await checkPin(tx, input);
        await q.lockBook(tx, userId);
        if ((await q.countAddresses(tx, userId)) >= MAX_ADDRESSES) throw new AppError(409, 'address_book_full', BOOK_FULL);
        return q.insertAddress(tx, userId, input);
      }),

    async update(userId: string, id: string, input: AddressInput): Promise<Address> {
      const updated = await asShopper(db, userId, async (tx) => {
        await checkPin(tx, input);
        return q.updateAddress(tx, userId, id, input);
      });
      if (!updated) throw new NotFoundError(ADDRESS_NOT_FOUND);
      return updated;
    },

    /** Safe to repeat: an address already gone is no error. */
    remove: (userId: string, id: string) => asShopper(db, userId, (tx) => q.deleteAddress(tx, userId, id)),
  };
}

export type AddressesService = ReturnType<typeof createAddressesService>;
