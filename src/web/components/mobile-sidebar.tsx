import * as Dialog from '@radix-ui/react-dialog';
import { Heart, Home, Info, LogIn, LogOut, Package, ShoppingBag, User, X } from 'lucide-react';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import { useSession } from '../lib/session.ts';
import { useLogOut } from '../lib/use-log-out.ts';
import { SHOP_LINKS } from './nav-links.ts';
import { SocialLinks } from './social-links.tsx';

/** A sheet opened by a button of the page's own, loaded on first open. */
export interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it: it lives outside the dialog (no Dialog.Trigger), so focus is sent back by hand. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/** Spec §2: the mobile sidebar's links, in its order. */
export const SIDEBAR_LINKS = [
  { to: '/', label: 'Home', icon: Home },
  { to: '/profile', label: 'Profile', icon: User },
  { to: '/favorites', label: 'Wishlist', icon: Heart },
  { to: '/cart', label: 'Cart', icon: ShoppingBag },
  { to: '/orders', label: 'My Orders', icon: Package },
  { to: '/about', label: 'About Us', icon: Info },
] as const;

/**
 * Spec §2 mobile sidebar: Home, Profile, Wishlist, Cart, My Orders, About Us and the social links.
 * A Radix dialog, so focus stays inside, Escape and the backdrop close it, and focus returns to
 * the menu button. Loaded on first open: most visits never need it.
 */
export default function MobileSidebar({ open, onOpenChange, returnFocusTo }: SheetProps) {
  const close = () => onOpenChange(false);
  const session = useSession();
  const logOut = useLogOut();
  const shelf = session.status === 'signed-in' ? session.shelf : null;
  const counts: Partial<Record<string, number>> = { '/favorites': shelf?.likedProductIds.length, '/cart': shelf?.cartPieces };
  const rowClass = 'flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-ink hover:bg-sand';
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40 data-[state=open]:animate-[fade-in_150ms_ease-out]" />
        <Dialog.Content
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,85vw)] flex-col gap-6 overflow-y-auto bg-ivory p-5 shadow-2xl data-[state=open]:animate-[slide-in_200ms_ease-out]">
          <div className="flex items-center justify-between">
            <Dialog.Title className="font-display text-3xl font-semibold text-wine">Vastra</Dialog.Title>
            <Dialog.Close className="grid size-11 place-items-center rounded-full text-muted hover:bg-sand hover:text-ink" aria-label="Close menu">
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Site menu</Dialog.Description>
          <nav aria-label="Menu">
            <ul className="grid gap-1">
              {SIDEBAR_LINKS.map(({ to, label, icon: Icon }) => (
                <li key={to}>
                  <Link to={to} onClick={close} className={rowClass}>
                    <Icon className="size-5 text-gold" aria-hidden="true" /> {label}
                    {!!counts[to] && (
                      <span className="ml-auto rounded-full bg-wine px-2 py-0.5 text-xs font-semibold text-ivory">
                        {counts[to]}
                        <span className="sr-only"> {counts[to] === 1 ? 'item' : 'items'}</span>
                      </span>
                    )}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {/* The account's way in or out, after the spec's six links. */}
          <div className="-mt-4 border-t border-line pt-2">
            {session.status === 'signed-in' ? (
              <button
                type="button"
                onClick={() => {
                  close();
                  void logOut();
                }}
                className={rowClass}
              >
                <LogOut className="size-5 text-gold" aria-hidden="true" /> Logout
              </button>
            ) : (
              <Link to="/login" onClick={close} className={rowClass}>
                <LogIn className="size-5 text-gold" aria-hidden="true" /> Log in or sign up
              </Link>
            )}
          </div>
          <nav aria-label="Explore" className="border-t border-line pt-4">
            <h2 className="mb-2 px-3 text-xs font-medium uppercase tracking-[0.2em] text-gold">Explore</h2>
            <ul className="grid gap-1">
              {SHOP_LINKS.map(({ to, label }) => (
                <li key={to}>
                  <Link to={to} onClick={close} className="flex min-h-10 items-center rounded-lg px-3 text-sm text-muted hover:bg-sand hover:text-ink">
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-auto border-t border-line pt-4">
            <SocialLinks />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
