import { EmptyState, RetryButton } from '../components/empty-state.tsx';
import { LoadingIndicator } from '../components/loading-indicator.tsx';
import { AdminGate } from '../features/admin/admin-gate.tsx';
import { useAdminDelivery } from '../features/admin/delivery.api.ts';
import { CourierSettingsForm } from '../features/admin/courier-settings-form.tsx';
import { DeliverySettingsForm } from '../features/admin/delivery-settings-form.tsx';
import { useCourierSettings } from '../features/admin/parcels.api.ts';
import { PinRulesEditor } from '../features/admin/pin-rules-editor.tsx';

/** /admin/delivery: where parcels leave from, how fast they travel, Cash on Delivery's limits, and the PINs served differently. */
export function Component() {
  return (
    <AdminGate>
      <Delivery />
    </AdminGate>
  );
}

function Delivery() {
  const delivery = useAdminDelivery();
  const couriers = useCourierSettings();
  if (delivery.isPending) return <LoadingIndicator text="Loading the delivery settings..." />;
  if (delivery.isError) return <EmptyState title="We could not load the delivery settings." action={<RetryButton onRetry={() => void delivery.refetch()} />} />;
  return (
    <div className="grid gap-6">
      <DeliverySettingsForm settings={delivery.data.settings} />
      {couriers.data && <CourierSettingsForm settings={couriers.data} />}
      <PinRulesEditor rules={delivery.data.rules} />
    </div>
  );
}
