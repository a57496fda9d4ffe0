import { EmptyState, RetryButton } from '../components/empty-state.tsx';
import { LoadingIndicator } from '../components/loading-indicator.tsx';
import { AdminGate } from '../features/admin/admin-gate.tsx';
import { InvoiceRegister } from '../features/admin/invoice-register.tsx';
import { TaxSettingsForm } from '../features/admin/tax-settings-form.tsx';
import { useTaxSettings } from '../features/admin/tax-settings.api.ts';

/** /admin/tax: who the shop's invoices are issued by (issue 18). */
export function Component() {
  return (
    <AdminGate>
      <Tax />
    </AdminGate>
  );
}

function Tax() {
  const tax = useTaxSettings();
  if (tax.isPending) return <LoadingIndicator text="Loading the tax settings..." />;
  if (tax.isError) return <EmptyState title="We could not load the tax settings." action={<RetryButton onRetry={() => void tax.refetch()} />} />;
  return (
    <div className="grid gap-6">
      <TaxSettingsForm settings={tax.data.settings} />
      <InvoiceRegister />
    </div>
  );
}
