/**
 * The accounts mails: verify an address, reset a password (the layout is mail/letter.ts). The link
 * is ours: the shop's origin and a token we made.
 */
import { STORE } from '../../../shared/store.ts';
import { letter } from '../mail/letter.ts';

export const verificationMail = (to: string, firstName: string, url: string, hours: number) =>
  letter({
    kind: 'verify_email',
    to,
    subject: `Verify your email for ${STORE.name}`,
    greeting: `Hello ${firstName},`,
    lines: [`Thank you for signing up at ${STORE.name}. Please confirm that this is your email address.`],
    link: { action: 'Verify email', url },
    after: `The link works for ${hours} hours. If you did not sign up, you can ignore this mail.`,
  });

export const resetMail = (to: string, firstName: string, url: string, minutes: number) =>
  letter({
    kind: 'reset_password',
    to,
    subject: `Reset your ${STORE.name} password`,
    greeting: `Hello ${firstName},`,
    lines: ['We received a request to reset the password of your account. Choose a new one with the link below.'],
    link: { action: 'Reset password', url },
    after: `The link works once, for ${minutes} minutes. If you did not ask for it, ignore this mail: your password stays as it is.`,
  });
