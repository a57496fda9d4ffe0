import { AdminGate } from '../features/admin/admin-gate.tsx';
import { CsvSection } from '../features/admin-import/csv-section.tsx';
import { FoldersSection } from '../features/admin-import/folders-section.tsx';

/** /admin/import: products from the owner's preset folders (spec §2) and from a CSV file. */
export function Component() {
  return (
    <AdminGate>
      <div className="grid gap-6">
        <div>
          <h1 className="font-display text-3xl font-semibold">Import products</h1>
          <p className="mt-1 text-sm text-muted">Importing the same folder or file again updates its products instead of adding them twice.</p>
        </div>
        <FoldersSection />
        <CsvSection />
      </div>
    </AdminGate>
  );
}
