import { Heart, Menu, ShoppingBag, UserRound } from 'lucide-react';
import { Suspense, lazy, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { withData } from '../lib/data-client.ts';
import { useSession } from '../lib/session.ts';
import { HeaderIconLink } from './header-icon-link.tsx';
import { SHOP_LINKS } from './nav-links.ts';

// Both can log out, which needs the query client: each comes with it.
const MobileSidebar = lazy(withData(() => import('./mobile-sidebar.tsx')));
// Only a signed-in shopper needs the menu's code; a visitor's first download stays without it.
const UserMenu = lazy(withData(() => import('./user-menu.tsx')));

/** Signed out (or not known yet): the person icon leads to log in or sign up. */
const logInLink = <HeaderIconLink to="/login" label="Log in or sign up" icon={UserRound} />;

/**
 * Spec §2 navigation frame. Below 768 px the search drops to its own row under the bar; below
 * 1024 px the departments move into the menu. Signed in, the person icon opens the user menu
 * (Profile, My Orders, Logout); signed out, it leads to log in or sign up. The wishlist and cart
 * badges count the session's shelf (src/web/lib/session.ts). The search box is the
 * catalog feature's, handed in by the app shell (shared components never import a feature).
 */
export function SiteHeader({ search }: { search: ReactNode }) {
  const location = useLocation();
  // A department link is current only when its search matches too (Shop All is not Bridal); the
  // list's filters and any other parameter leave it current, as on the page drawn on the server,
  // which is drawn without them (web.routes.ts).
  const term = new URLSearchParams(location.search).get('search');
  const here = location.pathname + (term === null ? '' : `?search=${encodeURIComponent(term)}`);
  const menuButton = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  const session = useSession();
  const shelf = session.status === 'signed-in' ? session.shelf : null;
  const openMenu = () => {
    setMenuWanted(true);
    setMenuOpen(true);
  };
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-ivory/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-2 px-3 py-2 sm:px-6 md:flex-nowrap md:gap-x-4 md:py-3">
        <button
          ref={menuButton}
          type="button"
          onClick={openMenu}
          onPointerEnter={() => setMenuWanted(true)}
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          className="-ml-1 grid size-11 place-items-center rounded-full text-ink hover:bg-sand lg:hidden"
        >
          <Menu className="size-6" aria-hidden="true" />
        </button>
        <Link to="/" className="font-display text-3xl font-semibold tracking-wide text-wine" aria-label="Vastra home">
          Vastra
        </Link>
        {search}
        <nav aria-label="Your account" className="ml-auto flex items-center md:ml-0">
          <HeaderIconLink to="/favorites" label="Wishlist" icon={Heart} count={shelf?.likedProductIds.length ?? 0} />
          <HeaderIconLink to="/cart" label="Cart" icon={ShoppingBag} count={shelf?.cartPieces ?? 0} />
          {session.status === 'signed-in' ? (
            <Suspense fallback={logInLink}>
              <UserMenu email={session.shopper.email} isAdmin={session.isAdmin} />
            </Suspense>
          ) : (
            logInLink
          )}
        </nav>
      </div>
      <nav aria-label="Departments" className="hidden border-t border-line/70 lg:block">
        <ul className="mx-auto flex max-w-7xl gap-8 px-6 text-sm">
          {SHOP_LINKS.map(({ to, label }) => (
            <li key={to}>
              <Link
                to={to}
                aria-current={to === here ? 'page' : undefined}
                className="inline-flex min-h-10 items-center border-b-2 border-transparent text-muted hover:text-ink aria-[current=page]:border-wine aria-[current=page]:text-wine"
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {menuWanted && (
        <Suspense>
          <MobileSidebar open={menuOpen} onOpenChange={setMenuOpen} returnFocusTo={menuButton} />
        </Suspense>
      )}
    </header>
  );
}
