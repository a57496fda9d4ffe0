import { useMutation } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../../components/empty-state.tsx';
import { stopAlerts } from './back-in-stock.api.ts';

/**
 * The back-in-stock mail's unsubscribe link (issue 16): a page with one button, so that a mail
 * scanner opening the link stops nothing; pressing it withdraws every request the shopper still
 * waits on. It needs no session: the link's token names the shopper.
 */
export function StopAlertsScreen() {
  const { token = '' } = useParams();
  const stop = useMutation({ mutationFn: () => stopAlerts(token) });

  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="font-display text-4xl font-semibold">Stop back-in-stock mails</h1>
      {stop.isSuccess ? (
        <p role="status" className="mt-4 text-lg">
          {stop.data.stopped > 0
            ? 'Done. We will not mail you about the pieces you were waiting for.'
            : 'You are not waiting for any pieces now, so there is nothing more to stop.'}
        </p>
      ) : (
        <>
          <p className="mt-4 text-muted">
            We will stop every back-in-stock mail you are still waiting for. You can ask again on any product page.
          </p>
          {stop.isError && (
            <p role="alert" className="mt-4 font-medium text-red-800">
              {stop.error.message}
            </p>
          )}
          <button type="button" className={`${buttonClass} mt-6`} disabled={stop.isPending} onClick={() => stop.mutate()}>
            {stop.isPending ? 'Stopping...' : 'Stop the mails'}
          </button>
        </>
      )}
      <p className="mt-8">
        <Link to="/products" className="font-medium text-wine underline underline-offset-2">
          Browse sarees and clothing
        </Link>
      </p>
    </div>
  );
}
