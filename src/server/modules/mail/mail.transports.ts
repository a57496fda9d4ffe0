/**
 * Where mails go: an SMTP server (SMTP_URL), or, for a shop tried on one machine, a folder of .eml
 * files with each mail's link printed in the server log so a person can click it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { ClaimedMail } from './mail.queries.ts';

/** A file the mail carries (a tax invoice's PDF), made when the mail is sent. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailTransport {
  send(mail: ClaimedMail, attachments?: MailAttachment[]): Promise<void>;
  close(): void;
}

/**
 * The same Message-ID however often a mail is tried (again after a crash, or by another app server
 * once its lease ran out): a mail system that is handed it twice may keep one. The mail's own words
 * are in it too, so a row id used again (a shop restored from a backup) never names another mail.
 */
export function messageIdOf(from: string, mail: Pick<ClaimedMail, 'id' | 'toAddress' | 'subject' | 'textBody'>): string {
  const words = crypto.createHash('sha256').update(`${mail.toAddress}\n${mail.subject}\n${mail.textBody}`).digest('hex').slice(0, 12);
  return `<outbox-${mail.id}.${words}@${/@([A-Za-z0-9.-]+)/.exec(from)?.[1] ?? 'vastra.local'}>`;
}

const message = (from: string, mail: ClaimedMail, attachments: MailAttachment[] = []) => ({
  from,
  messageId: messageIdOf(from, mail),
  to: mail.toAddress,
  subject: mail.subject,
  text: mail.textBody,
  html: mail.htmlBody,
  attachments,
});

export function smtpTransport(url: string, from: string): MailTransport {
  // Short timeouts: a mail server that hangs must not hold the sender for minutes.
  const transport = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  return {
    send: async (mail, attachments) => void (await transport.sendMail(message(from, mail, attachments))),
    close: () => transport.close(),
  };
}

export function folderTransport(dir: string, from: string, log: (line: string) => void): MailTransport {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail, attachments) {
      const info = await transport.sendMail(message(from, mail, attachments));
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${String(mail.id).padStart(6, '0')}-${mail.kind}.eml`);
      fs.writeFileSync(file, info.message as Buffer);
      const link = /https?:\/\/\S+/.exec(mail.textBody)?.[0];
      log(`Mail to ${mail.toAddress}, "${mail.subject}": ${file}${link ? `\n  link: ${link}` : ''}`);
    },
    close: () => transport.close(),
  };
}
