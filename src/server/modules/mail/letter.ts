/**
 * The shop's mails, one layout: readable HTML with a plain-text twin, the shop's name
 * (src/shared/store.ts), and the link (when there is one) spelled out for mail apps that hide
 * buttons. Every outside value is escaped here, once.
 */
import { STORE } from '../../../shared/store.ts';
import { escapeHtml } from '../../http/escape-html.ts';
import type { NewMail } from './mail.queries.ts';

interface Letter {
  kind: string;
  to: string;
  subject: string;
  greeting: string;
  lines: string[];
  /** The button, when the mail has somewhere to send its reader. */
  link?: { action: string; url: string };
  after: string;
  /** A mail the reader asked for (back in stock) says how to stop such mails: the page's address. */
  unsubscribe?: string;
}

export function letter({ kind, to, subject, greeting, lines, link, after, unsubscribe }: Letter): NewMail {
  const stop = unsubscribe ? [`To stop back-in-stock mails: ${unsubscribe}`] : [];
  const text = [greeting, '', ...lines, '', ...(link ? [`${link.action}: ${link.url}`, ''] : []), after, '', `— ${STORE.name}`, STORE.email, ...stop].join('\n');
  const paragraphs = lines.map((l) => `<p style="margin:0 0 12px">${escapeHtml(l)}</p>`).join('');
  const button = link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(link.url)}" style="background:#6d1a36;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(link.action)}</a></p>
<p style="margin:0 0 12px;font-size:13px;color:#5c534d">Or open this link: <a href="${escapeHtml(link.url)}" style="color:#6d1a36;word-break:break-all">${escapeHtml(link.url)}</a></p>`
    : '';
  const html = `<!doctype html><html><body style="margin:0;background:#faf6f0;font-family:Arial,sans-serif;color:#1f1a17">
<div style="max-width:520px;margin:0 auto;padding:32px 24px">
<p style="font-family:Georgia,serif;font-size:24px;color:#6d1a36;margin:0 0 24px">${escapeHtml(STORE.name)}</p>
<p style="margin:0 0 12px">${escapeHtml(greeting)}</p>${paragraphs}
${button}
<p style="margin:0 0 12px;font-size:13px;color:#5c534d">${escapeHtml(after)}</p>
<p style="margin:24px 0 0;font-size:13px;color:#5c534d">${escapeHtml(STORE.name)} · ${escapeHtml(STORE.email)}</p>
${unsubscribe ? `<p style="margin:8px 0 0;font-size:12px;color:#5c534d"><a href="${escapeHtml(unsubscribe)}" style="color:#5c534d">Stop back-in-stock mails</a></p>` : ''}
</div></body></html>`;
  return { kind, toAddress: to, subject, textBody: text, htmlBody: html };
}
