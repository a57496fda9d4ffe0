import { Outlet } from 'react-router';
import { QueryProvider } from '../lib/query-client.tsx';

/** The pathless parent of every screen that reads the catalog: it brings the query client. */
export function Component() {
  return (
    <QueryProvider>
      <Outlet />
    </QueryProvider>
  );
}
