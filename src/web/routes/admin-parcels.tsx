import { AdminGate } from '../features/admin/admin-gate.tsx';
import { ParcelsBoard } from '../features/admin/parcels-board.tsx';

/** /admin/parcels: every parcel by what it needs (issue 48). */
export function Component() {
  return (
    <AdminGate>
      <ParcelsBoard />
    </AdminGate>
  );
}
