import { StopAlertsScreen } from '../features/back-in-stock/stop-alerts-screen.tsx';

/** /back-in-stock/stop/{token} (issue 16): opened from the back-in-stock mail. */
export function Component() {
  return <StopAlertsScreen />;
}
