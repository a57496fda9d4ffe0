/**
 * The accounts mails: verify an address, reset a password. Readable HTML with a plain-text twin,
 * the shop's name (src/shared/store.ts) and the link spelled out for mail apps that hide buttons.
 * Every outside value is escaped; the link is ours (the shop's origin and a token we made).
 */
import { STORE } from '../../../shared/store.ts';
import { escapeHtml } from '../../http/escape-html.ts';
import type { NewMail } from '../mail/mail.queries.ts';

interface Letter {
  kind: string;
  to: string;
  subject: string;
  greeting: string;
  lines: string[];
  action: string;
  url: string;
  after: string;
}

function letter({ kind, to, subject, greeting, lines, action, url, after }: Letter): NewMail {
  const text = [greeting, '', ...lines, '', `${action}: ${url}`, '', after, '', `— ${STORE.name}`, STORE.email].join('\n');
  const paragraphs = lines.map((l) => `<p style="margin:0 0 12px">${escapeHtml(l)}</p>`).join('');
  const html = `<!doctype html><html><body style="margin:0;background:#faf6f0;font-family:Arial,sans-serif;color:#1f1a17">
<div style="max-width:520px;margin:0 auto;padding:32px 24px">
<p style="font-family:Georgia,serif;font-size:24px;color:#6d1a36;margin:0 0 24px">${escapeHtml(STORE.name)}</p>
<p style="margin:0 0 12px">${escapeHtml(greeting)}</p>${paragraphs}
<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="background:#6d1a36;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action)}</a></p>
<p style="margin:0 0 12px;font-size:13px;color:#5c534d">Or open this link: <a href="${escapeHtml(url)}" style="color:#6d1a36;word-break:break-all">${escapeHtml(url)}</a></p>
<p style="margin:0 0 12px;font-size:13px;color:#5c534d">${escapeHtml(after)}</p>
<p style="margin:24px 0 0;font-size:13px;color:#5c534d">${escapeHtml(STORE.name)} · ${escapeHtml(STORE.email)}</p>
</div></body></html>`;
  return { kind, toAddress: to, subject, textBody: text, htmlBody: html };
}

export const verificationMail = (to: string, firstName: string, url: string, hours: number) =>
  letter({
    kind: 'verify_email',
    to,
    subject: `Verify your email for ${STORE.name}`,
    greeting: `Hello ${firstName},`,
    lines: [`Thank you for signing up at ${STORE.name}. Please confirm that this is your email address.`],
    action: 'Verify email',
    url,
    after: `The link works for ${hours} hours. If you did not sign up, you can ignore this mail.`,
  });

export const resetMail = (to: string, firstName: string, url: string, minutes: number) =>
  letter({
    kind: 'reset_password',
    to,
    subject: `Reset your ${STORE.name} password`,
    greeting: `Hello ${firstName},`,
    lines: ['We received a request to reset the password of your account. Choose a new one with the link below.'],
    action: 'Reset password',
    url,
    after: `The link works once, for ${minutes} minutes. If you did not ask for it, ignore this mail: your password stays as it is.`,
  });
