import { EmptyState, RetryButton } from '../components/empty-state.tsx';
import { LoadingIndicator } from '../components/loading-indicator.tsx';
import { useAdminSettings } from '../features/admin/admin.api.ts';
import { AdminGate } from '../features/admin/admin-gate.tsx';
import { SettingsForm } from '../features/admin/settings-form.tsx';

/** /admin/settings: the pricing settings (spec §3), which every new checkout uses at once. */
export function Component() {
  return (
    <AdminGate>
      <Settings />
    </AdminGate>
  );
}

function Settings() {
  const settings = useAdminSettings();
  if (settings.isPending) return <LoadingIndicator text="Loading the settings..." />;
  if (settings.isError) return <EmptyState title="We could not load the settings." action={<RetryButton onRetry={() => void settings.refetch()} />} />;
  return <SettingsForm settings={settings.data} />;
}
