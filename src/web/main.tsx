import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { adoptCspNonce } from './lib/csp-nonce.ts';
import { router } from './router.tsx';
import './styles.css';

adoptCspNonce();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
