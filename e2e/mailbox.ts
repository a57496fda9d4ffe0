/** The mails the browser tests' server received over SMTP (e2e/serve.ts files them here). */
import fs from 'node:fs';
import path from 'node:path';
import { test } from '@playwright/test';

/** The port of the server the running test's project talks to (each has its own mailbox). */
export const serverPort = () => Number(new URL(test.info().project.use.baseURL!).port);

export const mailboxDir = (port: number) => path.resolve(`node_modules/.cache/vastra-e2e/mail-${port}`);

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** Waits for the newest mail to `to` whose subject matches, and returns the link in it. */
export async function linkFromMail(port: number, to: string, subject: RegExp, timeoutMs = 15_000): Promise<string> {
  const started = Date.now();
  for (;;) {
    const dir = mailboxDir(port);
    const mails = fs
      .readdirSync(dir)
      .sort()
      .reverse()
      .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as ReceivedMail);
    const mail = mails.find((m) => m.to.includes(to) && subject.test(m.subject));
    const link = mail && /https?:\/\/\S+/.exec(mail.text)?.[0];
    if (link) return link;
    if (Date.now() - started > timeoutMs) throw new Error(`No mail to ${to} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
