import { useQueryClient } from '@tanstack/react-query';
import { MailCheck, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { refreshSession, useSession } from '../../lib/session.ts';
import { notify } from '../../lib/toast.ts';
import { resendVerificationMail } from './accounts.api.ts';
import { linkClass } from './auth-card.tsx';
import { VERIFICATION_OUTCOMES } from './verification-notice.tsx';

/**
 * The shell's accounts notices (loaded only when there is one to give): the gentle banner asking a
 * signed-in shopper to verify their address (design.md, verification off), and the outcome of a
 * verification link opened while signed in (the server sends them to /?email-verification=...).
 */
export default function AccountNotices() {
  useVerificationOutcome();
  const client = useQueryClient();
  const session = useSession();
  const [dismissed, setDismissed] = useState(false);
  const [sending, setSending] = useState(false);
  if (session.status !== 'signed-in' || session.shopper.emailVerified || dismissed) return null;
  const { email } = session.shopper;

  const sendAgain = async () => {
    setSending(true);
    try {
      const { sent } = await resendVerificationMail();
      if (sent) void notify(`We have sent a new link to ${email}.`, 'success');
      // Verified meanwhile (in another tab): the banner goes with the fresh session.
      else void refreshSession(client);
    } catch (err) {
      void notify(err instanceof ApiError && err.code === 'too_many' ? err.message : 'We could not send the link. Please try again.', 'error');
    } finally {
      setSending(false);
    }
  };

  // Pinned to the foot of the window rather than pushing the page down: it comes once the session
  // has answered, after the page is painted, and a banner in the flow moved every page under it
  // (issue 19: signed-in details are drawn without moving the layout). The space after it lets
  // the page's end scroll clear of it.
  return (
    <>
      <div aria-hidden="true" className="h-28 sm:h-16" />
      <div role="region" aria-label="Verify your email" className="fixed inset-x-0 bottom-0 z-40 border-t border-gold-soft/60 bg-sand shadow-[0_-2px_8px_rgba(0,0,0,0.06)]">
        <div className="mx-auto flex max-w-7xl items-start gap-3 px-4 py-2.5 text-sm sm:items-center sm:px-6">
          <MailCheck className="mt-0.5 size-5 shrink-0 text-gold sm:mt-0" aria-hidden="true" />
          <p className="flex-1 text-ink">
            Please verify your email address: we sent a link to <span className="font-medium">{email}</span>.{' '}
            <button type="button" className={linkClass} onClick={() => void sendAgain()} disabled={sending}>
              {sending ? 'Sending...' : 'Send it again'}
            </button>
          </p>
          <button type="button" aria-label="Dismiss" onClick={() => setDismissed(true)} className="-my-2 grid size-10 shrink-0 place-items-center rounded-full text-muted hover:bg-ivory hover:text-ink">
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      </div>
    </>
  );
}

/** Says how a verification link went, once, and takes the word out of the address. */
function useVerificationOutcome() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  useEffect(() => {
    const params = new URLSearchParams(search);
    const outcome = params.get('email-verification');
    // /login shows it in its own card.
    if (!outcome || pathname === '/login') return;
    const notice = Object.hasOwn(VERIFICATION_OUTCOMES, outcome) ? VERIFICATION_OUTCOMES[outcome as keyof typeof VERIFICATION_OUTCOMES] : null;
    if (notice) void notify(notice.text, notice.tone);
    void refreshSession(client);
    params.delete('email-verification');
    const rest = params.toString();
    navigate({ pathname, search: rest ? `?${rest}` : '' }, { replace: true });
  }, [pathname, search, navigate, client]);
}
