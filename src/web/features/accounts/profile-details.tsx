import { GENDER_LABELS } from '../../../shared/accounts.ts';
import type { Profile } from './profile.api.ts';

const NOT_GIVEN = <span className="text-muted">Not added</span>;

/** Spec §2 Profile, display mode. */
export function ProfileDetails({ profile }: { profile: Profile }) {
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
  const address = [profile.addressHouse, profile.addressLine, profile.addressCity, profile.addressState, profile.addressPin].filter(Boolean).join(', ');
  const rows = [
    ['Name', name],
    ['Email', profile.email],
    ['Phone', profile.phone],
    ['Gender', profile.gender && GENDER_LABELS[profile.gender]],
    ['Address', address],
  ] as const;
  return (
    <dl className="divide-y divide-line">
      {rows.map(([label, value]) => (
        <div key={label} className="grid gap-1 py-3 sm:grid-cols-[8rem_1fr]">
          <dt className="text-sm text-muted">{label}</dt>
          <dd className="break-words text-ink">{value || NOT_GIVEN}</dd>
        </div>
      ))}
    </dl>
  );
}
