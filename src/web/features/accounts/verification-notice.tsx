import { FormMessage } from '../../components/form-field.tsx';

/** How the mailed verification link went (the server's redirect says, in ?email-verification=). */
export const VERIFICATION_OUTCOMES = {
  verified: { tone: 'success', text: 'Your email address is verified. Thank you!' },
  expired: { tone: 'error', text: 'That verification link has expired. Log in and we will send you a new one.' },
  invalid: { tone: 'error', text: 'That verification link is not valid. Please use the newest link we sent you.' },
} as const;

export function VerificationNotice({ outcome }: { outcome: string | null }) {
  const notice = outcome && Object.hasOwn(VERIFICATION_OUTCOMES, outcome) ? VERIFICATION_OUTCOMES[outcome as keyof typeof VERIFICATION_OUTCOMES] : null;
  return notice ? <FormMessage tone={notice.tone}>{notice.text}</FormMessage> : null;
}
