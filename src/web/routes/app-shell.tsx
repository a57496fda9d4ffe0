import { Suspense, lazy, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { screenTitle } from '../../shared/page-titles.ts';
import { isScreenPath } from '../../shared/routes.ts';
import { LoadingIndicator } from '../components/loading-indicator.tsx';
import { SiteHeader } from '../components/site-header.tsx';
import { ToasterGate } from '../components/toaster-gate.tsx';
import { WhenNear } from '../components/when-near.tsx';
import { SearchBox } from '../features/catalog/search-box.tsx';
import { withData } from '../lib/data-client.ts';
import { useSession } from '../lib/session.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { useWebFonts } from '../lib/web-fonts.ts';

// The footer sits below every screen's content, so its code waits until a shopper scrolls near it.
const SiteFooter = lazy(() => import('../components/site-footer.tsx'));
const footerSpace = <div className="min-h-80 border-t border-line bg-sand/60" />;
// Only when there is a notice to give: a signed-in shopper still to verify, or a verification link's outcome.
const AccountNotices = lazy(withData(() => import('../features/accounts/account-notices.tsx')));

/**
 * The account's notices: for a signed-in shopper still to verify, or a verification link's outcome.
 * The outcome is read once the page is live: a page is drawn on the server by its listing query
 * alone (web.routes.ts), so the link's word was never in the drawing, and reading it during the
 * takeover would not match it.
 */
function Notices() {
  const session = useSession();
  const { search } = useLocation();
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const show = (session.status === 'signed-in' && !session.shopper.emailVerified) || (live && search.includes('email-verification='));
  return show ? (
    <Suspense>
      <AccountNotices />
    </Suspense>
  ) : null;
}

/**
 * The page answers taps from here on: a page drawn on the server shows its buttons before its
 * code has arrived. Inside the screen's Suspense, whose drawing React takes over after the shell's,
 * so a tap held meanwhile (src/web/drawing/held-taps.ts) is given to a screen already taken over. The
 * browser tests wait for this before they press anything.
 */
function Live() {
  useEffect(() => document.documentElement.setAttribute('data-live', ''), []);
  return null;
}

/** The frame around every screen: it composes the shared header with the catalog's search box. */
export function AppShell() {
  const navigation = useNavigation();
  const { pathname, search } = useLocation();
  // Plain screens take their title from the path; products, groups and not-found set their own.
  useDocumentTitle(isScreenPath(pathname) ? screenTitle(pathname, new URLSearchParams(search).get('search')) : undefined);
  useWebFonts(pathname);
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-ivory focus:p-2">
        Skip to content
      </a>
      <SiteHeader search={<SearchBox className="order-last w-full md:order-none md:mx-auto md:max-w-xl md:flex-1" />} />
      {navigation.state === 'loading' && (
        <div className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-wine" role="progressbar" aria-label="Loading" />
      )}
      <main id="main" className="flex-1">
        <Suspense fallback={<LoadingIndicator text="Loading application..." />}>
          <Outlet />
          <Live />
        </Suspense>
      </main>
      <WhenNear margin="400px" placeholder={footerSpace}>
        <Suspense fallback={footerSpace}>
          <SiteFooter />
        </Suspense>
      </WhenNear>
      {/* After everything: its banner is pinned to the foot of the window, and its space at the
          page's end, so nothing drawn moves when it comes (issue 19). */}
      <Notices />
      <ToasterGate />
      <ScrollRestoration />
    </div>
  );
}
