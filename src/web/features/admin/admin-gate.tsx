import { ClipboardList, Database, FileUp, Package, PackageSearch, Receipt, Settings, Star, Tag, Truck, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { BrowseProductsLink, EmptyState } from '../../components/empty-state.tsx';
import { SignInFirst } from '../../components/sign-in-first.tsx';

const SECTIONS = [
  { to: '/admin', label: 'Products', icon: Package, end: false, also: '/admin/products' },
  { to: '/admin/import', label: 'Import', icon: FileUp, end: true },
  { to: '/admin/orders', label: 'Orders', icon: ClipboardList, end: true },
  { to: '/admin/parcels', label: 'Parcels', icon: PackageSearch, end: true },
  { to: '/admin/returns', label: 'Returns', icon: Undo2, end: true },
  { to: '/admin/reviews', label: 'Reviews', icon: Star, end: true },
  { to: '/admin/offers', label: 'Offers', icon: Tag, end: true },
  { to: '/admin/settings', label: 'Pricing', icon: Settings, end: true },
  { to: '/admin/delivery', label: 'Delivery', icon: Truck, end: true },
  { to: '/admin/tax', label: 'Tax', icon: Receipt, end: true },
  { to: '/admin/sql', label: 'SQL console', icon: Database, end: true },
] as const;

/**
 * The store owner's screens (design.md Admin): signed out, log in and come back; a customer gets a
 * plain 'not allowed' screen. The API checks the role again on every request.
 */
export function AdminGate({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return <SignInFirst loading="Loading...">{(session) => (session.isAdmin ? <AdminFrame wide={wide}>{children}</AdminFrame> : <NotAllowed />)}</SignInFirst>;
}

function NotAllowed() {
  return (
    <EmptyState level={1} title="Not allowed" action={<BrowseProductsLink label="Back to the shop" />}>
      This is for the store owner only.
    </EmptyState>
  );
}

function AdminFrame({ children, wide }: { children: ReactNode; wide: boolean }) {
  const { pathname } = useLocation();
  const current = (s: (typeof SECTIONS)[number]) =>
    s.to === '/admin' ? pathname === '/admin' || pathname.startsWith('/admin/products') : pathname === s.to;
  return (
    <div className={`mx-auto w-full px-4 py-6 sm:px-6 sm:py-10 ${wide ? 'max-w-7xl' : 'max-w-5xl'}`}>
      <p className="text-xs font-medium uppercase tracking-[0.2em] text-gold">Store admin</p>
      {/* One row that scrolls on a phone; from a tablet up the sections wrap, so none is cut off at the edge. */}
      <nav aria-label="Store admin" className="-mx-4 mt-2 overflow-x-auto border-b border-line px-4 pb-3 [scrollbar-width:none] sm:mx-0 sm:px-0 md:overflow-visible">
        <ul className="flex min-w-max gap-2 text-sm md:min-w-0 md:flex-wrap">
          {SECTIONS.map((s) => (
            <li key={s.to}>
              <NavLink
                to={s.to}
                end={s.end}
                aria-current={current(s) ? 'page' : undefined}
                className={`inline-flex min-h-10 items-center gap-2 rounded-full px-4 ${current(s) ? 'bg-sand text-wine' : 'text-muted hover:bg-sand/60 hover:text-ink'}`}
              >
                <s.icon className="size-4" aria-hidden="true" /> {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">{children}</div>
    </div>
  );
}
