import { createBrowserRouter } from 'react-router';
import { COMING_SOON_PATHS } from '../shared/routes.ts';
import { AppShell } from './components/app-shell.tsx';
import { LoadingIndicator } from './components/loading-indicator.tsx';

/** Screens load on demand, so the first visit downloads only the screen it opens. */
export const router = createBrowserRouter([
  {
    Component: AppShell,
    HydrateFallback: () => <LoadingIndicator text="Loading application..." fullPage />,
    children: [
      // Home, the text pages and the placeholders need no server data, so no query client.
      { index: true, lazy: () => import('./routes/home.tsx') },
      { path: 'about', lazy: () => import('./routes/about.tsx') },
      { path: 'shipping', lazy: () => import('./routes/shipping.tsx') },
      { path: 'faq', lazy: () => import('./routes/faq.tsx') },
      { path: 'career', lazy: () => import('./routes/career.tsx') },
      { path: 'help', lazy: () => import('./routes/help.tsx') },
      {
        lazy: () => import('./routes/data-layout.tsx'),
        children: [
          { path: 'products', lazy: () => import('./routes/products.tsx') },
          { path: 'product/:id', lazy: () => import('./routes/product.tsx') },
          { path: 'best-seller', lazy: () => import('./routes/best-seller.tsx') },
          { path: 'just-landed', lazy: () => import('./routes/just-landed.tsx') },
          { path: 'categories', lazy: () => import('./routes/categories.tsx') },
          { path: 'categories/:slug', lazy: () => import('./routes/category.tsx') },
          { path: 'collections', lazy: () => import('./routes/collections.tsx') },
          { path: 'collections/:slug', lazy: () => import('./routes/collection.tsx') },
        ],
      },
      ...COMING_SOON_PATHS.map((path) => ({ path, lazy: () => import('./routes/coming-soon.tsx') })),
      { path: '*', lazy: () => import('./routes/not-found.tsx') },
    ],
  },
]);
