/** The address book's quieter pieces: its loading, failed and empty states, the profile's offer, the checkout's radio group. */
import { useEffect, useRef, type ReactNode } from 'react';
import { profileAddress } from '../../../shared/address.contract.ts';
import type { Address, AddressFields, ProfileAddressSource } from '../../../shared/addresses.ts';
import { secondaryButtonClass } from '../../components/buttons.ts';
import { RetryButton } from '../../components/empty-state.tsx';
import { AddressLines } from '../../components/address-lines.tsx';
import { cardClass } from './address-card.tsx';

export const LIST_CLASS = 'grid gap-3 sm:grid-cols-2';

/** Cards in their final layout while the book loads, so nothing jumps when it comes. */
export function AddressListSkeleton() {
  return (
    <div role="status" aria-label="Loading your addresses" className={LIST_CLASS}>
      {[0, 1].map((i) => (
        <div key={i} className={cardClass} aria-hidden="true">
          <div className="h-4 w-2/5 animate-pulse rounded bg-sand" />
          <div className="mt-3 h-3.5 w-4/5 animate-pulse rounded bg-sand" />
          <div className="mt-2 h-3.5 w-3/5 animate-pulse rounded bg-sand" />
          <div className="mt-2 h-3.5 w-1/3 animate-pulse rounded bg-sand" />
          <div className="mt-4 h-8 w-32 animate-pulse rounded-full bg-sand" />
        </div>
      ))}
    </div>
  );
}

export function AddressListFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={`${cardClass} grid justify-items-center gap-3 text-center`}>
      <p className="text-ink">We could not load your addresses.</p>
      <RetryButton onRetry={onRetry} />
    </div>
  );
}

export function NoAddresses() {
  return (
    <div className={`${cardClass} border-dashed text-center`}>
      <p className="font-display text-xl font-semibold text-ink">No saved addresses yet</p>
      <p className="mt-1 text-sm text-muted">Add a delivery address and it will be ready for your next order.</p>
    </div>
  );
}

const fold = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Spec §5 Profile-derived address: the profile's address when it is complete and real, unless
 * the book already holds it (the same house at the same pincode).
 */
export function offeredAddress(profile: ProfileAddressSource, saved: readonly Address[]): AddressFields | null {
  const offer = profileAddress(profile);
  if (!offer) return null;
  const held = saved.some((a) => fold(a.house) === fold(offer.house) && a.pincode === offer.pincode.trim());
  return held ? null : offer;
}

export function ProfileOffer({ address, onUse }: { address: AddressFields; onUse: () => void }) {
  return (
    <div className="rounded-2xl border border-dashed border-gold-soft bg-sand/40 p-4 sm:p-5">
      <h3 className="text-xs font-medium uppercase tracking-[0.2em] text-gold">From your profile</h3>
      <div className="mt-2">
        <AddressLines address={address} />
      </div>
      <button type="button" className={`${secondaryButtonClass} mt-3`} onClick={onUse}>
        Use this address
      </button>
    </div>
  );
}

/**
 * Focus for an element the next render brings (a card's Edit button once its form is gone):
 * `focusLater(id)` before the state change, and it is focused as soon as it is on the page.
 */
export function useFocusLater() {
  const target = useRef<string | null>(null);
  useEffect(() => {
    const el = target.current && document.getElementById(target.current);
    if (!el) return;
    el.focus();
    target.current = null;
  });
  return (id: string) => {
    target.current = id;
  };
}

/** At checkout the cards are one radio group, named for screen readers. */
export function ChoiceGroup({ selectable, children }: { selectable: boolean; children: ReactNode }) {
  if (!selectable) return children;
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">Choose a delivery address</legend>
      {children}
    </fieldset>
  );
}
