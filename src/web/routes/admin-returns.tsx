import { EmptyState, RetryButton } from '../components/empty-state.tsx';
import { LoadingIndicator } from '../components/loading-indicator.tsx';
import { AdminGate } from '../features/admin/admin-gate.tsx';
import { ReturnCounts, ReturnRulesForm } from '../features/admin/return-rules.tsx';
import { ReturnsBoard } from '../features/admin/returns-board.tsx';
import { useReturnSettings } from '../features/admin/returns.api.ts';

/** /admin/returns: the requests by what they wait for, why pieces come back, and the rules (issue 49). */
export function Component() {
  return (
    <AdminGate>
      <Returns />
    </AdminGate>
  );
}

function Returns() {
  const settings = useReturnSettings();
  return (
    <div className="grid gap-8">
      <div>
        <h1 className="font-display text-3xl font-semibold">Returns and exchanges</h1>
        <p className="mt-1 text-sm text-muted">Shoppers ask from their orders once a piece is delivered, within the window you set below.</p>
      </div>
      <ReturnsBoard />
      <ReturnCounts />
      {settings.isPending && <LoadingIndicator text="Loading the return rules..." />}
      {settings.isError && <EmptyState title="We could not load the return rules." action={<RetryButton onRetry={() => void settings.refetch()} />} />}
      {settings.data && <ReturnRulesForm settings={settings.data} />}
    </div>
  );
}
