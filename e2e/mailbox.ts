/** The mails the browser tests' server received over SMTP (e2e/serve.ts files them here). */
import fs from 'node:fs';
import path from 'node:path';
import { mailboxDir } from './cache-dirs.ts';

/** The port of the shop a test talks to, from its `baseURL` (each shop has its own mailbox). */
export const portOf = (baseURL: string | undefined) => Number(new URL(baseURL!).port);


export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** A filed mail, or null while the server is still writing it (read again on the next look). */
function readMail(file: string): ReceivedMail | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as ReceivedMail;
  } catch {
    return null;
  }
}

/** Waits for the newest mail to `to` whose subject matches (and that `has` what is wanted of it). */
export async function mailFor(port: number, to: string, subject: RegExp, has: (mail: ReceivedMail) => boolean = () => true, timeoutMs = 15_000): Promise<ReceivedMail> {
  const started = Date.now();
  for (;;) {
    const dir = mailboxDir(port);
    const mail = fs
      .readdirSync(dir)
      .sort()
      .reverse()
      .map((f) => readMail(path.join(dir, f)))
      .find((m) => m !== null && m.to.includes(to) && subject.test(m.subject) && has(m));
    if (mail) return mail;
    if (Date.now() - started > timeoutMs) throw new Error(`No mail to ${to} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The links of a mail's text, in order. */
export const linksIn = (mail: ReceivedMail) => mail.text.match(/https?:\/\/\S+/g) ?? [];

/** Waits for the newest mail to `to` whose subject matches, and returns the link in it. */
export async function linkFromMail(port: number, to: string, subject: RegExp, timeoutMs = 15_000): Promise<string> {
  return linksIn(await mailFor(port, to, subject, (m) => linksIn(m).length > 0, timeoutMs))[0]!;
}
