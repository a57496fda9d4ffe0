/**
 * The address book's constants, shapes and rules that need no zod: the limits, the placeholder
 * values (design.md: a documented list, since the spec does not show its own), and the
 * profile-derived address of spec §5.
 */
import type { IndiaState } from './india.ts';

/** Spec §3 address: country India by default (and design.md: the shop delivers within India only). */
export const DEFAULT_COUNTRY = 'India';

/** A book holds this many: far more than anyone ships to, short of a store of junk. */
export const MAX_ADDRESSES = 20;

/** Longest accepted text per field. */
export const ADDRESS_MAX = { name: 60, line: 120, city: 60 } as const;

export interface AddressFields {
  name: string;
  phone: string;
  house: string;
  street: string;
  city: string;
  state: IndiaState;
  pincode: string;
  country: string;
}

export interface Address extends AddressFields {
  id: string;
  createdAt: string;
}

/**
 * Values that sample data and form hints use, never a real delivery's: an address carrying one is
 * flagged in the book, and the checkout refuses to pay with it (spec §5 Payment start). Compared
 * after trimming, folding spaces and lower-casing.
 */
export const PLACEHOLDER_NAMES = ['your name', 'full name', 'name', 'test', 'test user', 'customer', 'user'] as const;
export const PLACEHOLDER_PHONES = ['0000000000', '1234567890', '9999999999', '8888888888', '7777777777', '6666666666'] as const;

const fold = (s: string | null | undefined) => (s ?? '').trim().replace(/\s+/g, ' ').toLowerCase();

export function isPlaceholderName(name: string | null | undefined): boolean {
  return (PLACEHOLDER_NAMES as readonly string[]).includes(fold(name));
}

export function isPlaceholderPhone(phone: string | null | undefined): boolean {
  return (PLACEHOLDER_PHONES as readonly string[]).includes(fold(phone));
}

/** Whether this address still carries a placeholder name or phone (spec §5). */
export function isPlaceholderAddress(a: Pick<AddressFields, 'name' | 'phone'>): boolean {
  return isPlaceholderName(a.name) || isPlaceholderPhone(a.phone);
}

export const PLACEHOLDER_NOTICE = 'Please update this address with your actual details.';

/** The profile fields spec §5 builds an address from. */
export interface ProfileAddressSource {
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  addressHouse: string | null;
  addressLine: string | null;
  addressCity: string | null;
  addressState: string | null;
  addressPin: string | null;
}
