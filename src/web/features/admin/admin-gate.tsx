import { Settings } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { BrowseProductsLink, EmptyState } from '../../components/empty-state.tsx';
import { LoadingIndicator } from '../../components/loading-indicator.tsx';
import { useSession } from '../../lib/session.ts';

/**
 * The store owner's screens (design.md Admin): signed out, log in and come back; a customer gets a
 * plain 'not allowed' screen. The API checks the role again on every request.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const session = useSession();
  const { pathname } = useLocation();
  if (session.status === 'unknown') return <LoadingIndicator text="Loading..." />;
  if (session.status === 'signed-out') return <Navigate to="/login" replace state={{ from: pathname }} />;
  if (!session.isAdmin) {
    return (
      <EmptyState level={1} title="Not allowed" action={<BrowseProductsLink label="Back to the shop" />}>
        This is for the store owner only.
      </EmptyState>
    );
  }
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <p className="text-xs font-medium uppercase tracking-[0.2em] text-gold">Store admin</p>
      <nav aria-label="Store admin" className="mt-2 flex gap-2 border-b border-line pb-3 text-sm">
        <Link to="/admin" aria-current="page" className="inline-flex min-h-10 items-center gap-2 rounded-full bg-sand px-4 text-wine">
          <Settings className="size-4" aria-hidden="true" /> Pricing
        </Link>
      </nav>
      <div className="mt-6">{children}</div>
    </div>
  );
}
