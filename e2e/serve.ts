/**
 * The real server for browser tests, on a fresh embedded database each run. Pictures are kept in
 * node_modules/.cache between runs, since making them is the slow part and they never change.
 *
 * Mail goes over real SMTP to a local server (smtp-server) started here, which files each mail it
 * receives as JSON in the port's mailbox folder, where the journeys read their links (e2e/mailbox.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { startSmtpInbox } from '../src/server/test/smtp-inbox.ts';
import { mailboxDir } from './mailbox.ts';

const port = Number(process.env.PORT ?? 3100);
// One data folder per port, so two test runs side by side do not wipe each other's database.
const dataDir = path.resolve(`node_modules/.cache/vastra-e2e/data-${port}`);
fs.rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.env.IMAGES_DIR = path.resolve('node_modules/.cache/vastra-e2e/images');
delete process.env.DATABASE_URL;

const mailbox = mailboxDir(port);
fs.rmSync(mailbox, { recursive: true, force: true });
fs.mkdirSync(mailbox, { recursive: true });
const inbox = await startSmtpInbox((mail, n) => {
  const to = mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : [];
  const file = path.join(mailbox, `${String(n).padStart(5, '0')}.json`);
  fs.writeFileSync(file, JSON.stringify({ to, subject: mail.subject, text: mail.text, html: mail.html }));
});
process.env.SMTP_URL = inbox.url;

await import('../src/server/index.ts');
