import { Pencil } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { secondaryButtonClass } from '../../components/buttons.ts';
import { EmptyState, RetryButton } from '../../components/empty-state.tsx';
import { FormMessage } from '../../components/form-field.tsx';
import { LoadingIndicator } from '../../components/loading-indicator.tsx';
import { SignInFirst } from '../../components/sign-in-first.tsx';
import { ApiError } from '../../lib/api.ts';
import type { SessionShopper } from '../../lib/session.ts';
import { ProfileDetails } from './profile-details.tsx';
import { ProfileForm } from './profile-form.tsx';
import { useOrderUpdates, useProfile, useStoreCredit, useUpdateProfile, type Profile } from './profile.api.ts';
import { formatInr } from '../../../shared/money.ts';
import { dayInWords } from '../../../shared/returns.ts';
import { indiaDay } from '../../../shared/india-time.ts';

/** Spec §9: the profile's message clears after 3 seconds. */
export const PROFILE_MESSAGE_MS = 3000;

type Message = { tone: 'error' | 'success'; text: string } | null;

interface Props {
  /** What the route puts under the profile card (the address book): features do not import each other. */
  below?: (shopperId: string, profile: Profile) => ReactNode;
}

/** Spec §2 Profile: display and edit modes; without a signed-in shopper, /login (and back here after). */
export function ProfileScreen({ below }: Props) {
  return <SignInFirst loading="Loading application...">{({ shopper }) => <OwnProfile shopper={shopper} below={below} />}</SignInFirst>;
}

function OwnProfile({ shopper, below }: Props & { shopper: SessionShopper }) {
  const profile = useProfile(shopper.id);
  const update = useUpdateProfile(shopper.id);
  const [editing, setEditing] = useState(false);
  const [message, setMessage] = useState<Message>(null);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), PROFILE_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message]);

  if (profile.isPending) return <LoadingIndicator text="Loading your profile..." />;
  if (profile.isError) {
    const err = profile.error;
    if (err instanceof ApiError && err.status === 404) return <EmptyState level={1} title="Profile not found." />;
    return <EmptyState level={1} title="We could not load your profile." action={<RetryButton onRetry={() => void profile.refetch()} />} />;
  }

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-14">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-xs font-medium uppercase tracking-[0.2em] text-gold">Your account</p>
          <h1 className="font-display text-4xl font-semibold">Profile</h1>
        </div>
        {!editing && (
          <button type="button" className={secondaryButtonClass} onClick={() => setEditing(true)}>
            <Pencil className="mr-2 size-4" aria-hidden="true" /> Edit profile
          </button>
        )}
      </div>
      <div className="mt-6 rounded-2xl border border-line bg-white/70 p-5 sm:p-8">
        {editing ? (
          <ProfileForm
            profile={profile.data}
            message={message}
            onMessage={setMessage}
            onCancel={() => {
              setEditing(false);
              setMessage(null);
            }}
            save={async (input) => {
              await update.mutateAsync(input);
              setEditing(false);
              setMessage({ tone: 'success', text: 'Profile updated!' });
            }}
          />
        ) : (
          <div className="grid gap-4">
            {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
            <ProfileDetails profile={profile.data} />
          </div>
        )}
      </div>
      <OrderUpdates shopperId={shopper.id} on={profile.data.orderUpdates} />
      <StoreCreditCard shopperId={shopper.id} />
      {below && <div className="mt-12 sm:mt-16">{below(shopper.id, profile.data)}</div>}
    </div>
  );
}

/** WhatsApp or SMS order updates (issue 48): on from the checkout's box, stopped here, asked for again here. */
function OrderUpdates({ shopperId, on }: { shopperId: string; on: boolean }) {
  const change = useOrderUpdates(shopperId);
  return (
    <section aria-labelledby="order-updates" className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-white/70 p-5 sm:px-8">
      <div>
        <h2 id="order-updates" className="font-medium">
          Order updates on WhatsApp or SMS
        </h2>
        <p className="text-sm text-muted">{on ? 'On: we message your delivery number at each step, besides the e-mail.' : 'Off: we e-mail you at each step of your orders.'}</p>
        {change.isError && <p className="text-sm text-red-800">{change.error.message}</p>}
      </div>
      <button type="button" className={secondaryButtonClass} disabled={change.isPending} onClick={() => change.mutate(!on)}>
        {on ? 'Stop WhatsApp and SMS updates' : 'Turn them on'}
      </button>
    </section>
  );
}

/** Store credit from returns (issue 49): shown once there is some, each grant with the day it ends. */
function StoreCreditCard({ shopperId }: { shopperId: string }) {
  const credit = useStoreCredit(shopperId);
  if (!credit.data || credit.data.grants.length === 0) return null;
  return (
    <section aria-labelledby="store-credit" className="mt-6 rounded-2xl border border-line bg-white/70 p-5 sm:px-8">
      <h2 id="store-credit" className="font-medium">
        Store credit: {formatInr(credit.data.balance)}
      </h2>
      <p className="text-sm text-muted">From your returns. Spend it at checkout like money.</p>
      <ul className="mt-2 grid gap-1 text-sm">
        {credit.data.grants.map((g) => (
          <li key={g.grantedAt}>
            {formatInr(g.remaining)} left of {formatInr(g.amount)}, until {dayInWords(indiaDay(new Date(g.expiresAt)))}
          </li>
        ))}
      </ul>
    </section>
  );
}
