import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { adoptCspNonce } from './lib/csp-nonce.ts';
import { DataProvider } from './lib/data-client.ts';
import { browserRoutes } from './router.tsx';
import './styles.css';

adoptCspNonce();

const router = createBrowserRouter(browserRoutes());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <DataProvider>
      <RouterProvider router={router} />
    </DataProvider>
  </StrictMode>,
);
