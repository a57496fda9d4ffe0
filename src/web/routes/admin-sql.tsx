import { AdminGate } from '../features/admin/admin-gate.tsx';
import { SqlConsole } from '../features/sql-console/sql-console.tsx';

/** /admin/sql: the store owner's SQL console (design.md SQL console); the API checks the role again. */
export function Component() {
  return (
    <AdminGate wide>
      <SqlConsole />
    </AdminGate>
  );
}
