/**
 * The outbox on PGlite and PostgreSQL, delivering to a real SMTP server: a mail commits with its
 * cause and only then, failures are retried with back-off and given up in the end, and two senders
 * never deliver one mail twice.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { enqueue, type NewMail } from './mail.queries.ts';
import { createMailSender, MAIL_RETRY, retryDelay } from './mail.service.ts';
import { folderTransport, smtpTransport } from './mail.transports.ts';

const FROM = '"Vastra" <care@vastra.in>';
const mail = (n: number, to = `shopper${n}@example.com`): NewMail => ({
  kind: 'test',
  toAddress: to,
  subject: `Your Vastra mail ${n}`,
  textBody: `Hello ${n}. Open http://shop.test/verify?token=abc${n} to go on.`,
  htmlBody: `<p>Hello ${n}. <a href="http://shop.test/verify?token=abc${n}">Go on</a></p>`,
});

let t: TestApp;
let inbox: SmtpInbox;
const quiet = () => {};
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  inbox = await startSmtpInbox();
  await t.database.db.delete(mailOutbox);
});
afterEach(() => inbox.close());

const rowOf = async (id: number) => (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
/** Lets time pass for one mail: its back-off is over. */
const makeDue = (id: number) => t.database.db.update(mailOutbox).set({ sendAfter: sql`now()` }).where(eq(mailOutbox.id, id));

describe('the mail outbox', () => {
  it('sends a mail written in a transaction that commits, as readable HTML and text', async () => {
    const id = await t.database.db.transaction((tx) => enqueue(tx, mail(1)));
    const sender = createMailSender(t.database.db, smtpTransport(inbox.url, FROM), quiet);
    expect(await sender.sendDue()).toEqual({ sent: 1, failed: 0 });
    const [got] = await inbox.waitFor(1);
    expect(got!.subject).toBe('Your Vastra mail 1');
    expect(got!.from?.text).toBe('"Vastra" <care@vastra.in>');
    expect(got!.to && 'text' in got!.to ? got!.to.text : '').toBe('shopper1@example.com');
    expect(got!.text).toContain('http://shop.test/verify?token=abc1');
    expect(got!.html).toContain('<a href="http://shop.test/verify?token=abc1">');
    // The same Message-ID however often it is tried (issue 52: a retry by another app server).
    expect(got!.messageId).toMatch(new RegExp(`^<outbox-${id}\\.[0-9a-f]{12}@vastra\\.in>$`));
    expect((await rowOf(id)).sentAt).not.toBeNull();
    // Sent once: a second pass has nothing to do.
    expect(await sender.sendDue()).toEqual({ sent: 0, failed: 0 });
    await sender.stop();
  });

  it('never sends a mail whose transaction rolled back', async () => {
    await t.database.db
      .transaction(async (tx) => {
        await enqueue(tx, mail(2));
        throw new Error('the sign-up failed after all');
      })
      .catch(() => {});
    const sender = createMailSender(t.database.db, smtpTransport(inbox.url, FROM), quiet);
    expect(await sender.sendDue()).toEqual({ sent: 0, failed: 0 });
    expect(inbox.mails).toHaveLength(0);
    await sender.stop();
  });

  it('tries again after a back-off when the mail server refuses, and delivers then', async () => {
    const id = await enqueue(t.database.db, mail(3));
    inbox.refuseNext(1);
    const lines: string[] = [];
    const sender = createMailSender(t.database.db, smtpTransport(inbox.url, FROM), (l) => lines.push(l));
    expect(await sender.sendDue()).toEqual({ sent: 0, failed: 1 });
    const after = await rowOf(id);
    expect(after).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(after.lastError).toMatch(/451/);
    const waits = (after.sendAfter.getTime() - Date.now()) / 1000;
    expect(waits).toBeGreaterThan(retryDelay(1) - 5);
    expect(waits).toBeLessThan(retryDelay(1) + 5);
    // The log names the mail, never its body (a reset link works like a password).
    expect(lines.join('\n')).not.toContain('token=');
    expect(await sender.sendDue()).toEqual({ sent: 0, failed: 0 }); // not due yet
    await makeDue(id);
    expect(await sender.sendDue()).toEqual({ sent: 1, failed: 0 });
    expect((await rowOf(id)).attempts).toBe(2);
    await inbox.waitFor(1);
    await sender.stop();
  });

  it('gives up after its last attempt, keeping the mail and its error', async () => {
    const id = await enqueue(t.database.db, mail(4));
    await t.database.db.update(mailOutbox).set({ attempts: MAIL_RETRY.maxAttempts - 1 }).where(eq(mailOutbox.id, id));
    inbox.refuseNext(1);
    const sender = createMailSender(t.database.db, smtpTransport(inbox.url, FROM), quiet);
    expect(await sender.sendDue()).toEqual({ sent: 0, failed: 1 });
    const row = await rowOf(id);
    expect(row.failedAt).not.toBeNull();
    await makeDue(id);
    expect(await sender.sendDue()).toEqual({ sent: 0, failed: 0 });
    await sender.stop();
  });

  it('delivers each mail once with two senders (two app servers) at work together', async () => {
    for (let n = 0; n < 12; n++) await enqueue(t.database.db, mail(100 + n));
    // On PostgreSQL the second sender has a connection pool of its own, as another server would.
    const other: Database | null = t.database.kind === 'postgres' ? await openPostgres(t.database.url!, 2) : null;
    const a = createMailSender(t.database.db, smtpTransport(inbox.url, FROM), quiet);
    const b = createMailSender((other ?? t.database).db, smtpTransport(inbox.url, FROM), quiet);
    const results = await Promise.all([a.sendDue(), b.sendDue(), a.sendDue(), b.sendDue()]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(12);
    await inbox.waitFor(12);
    const subjects = inbox.mails.map((m) => m.subject);
    expect(new Set(subjects).size).toBe(12);
    await Promise.all([a.stop(), b.stop()]);
    await other?.close();
  });

  it('without SMTP_URL writes each mail to the outbox folder and logs its link', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-outbox-'));
    const lines: string[] = [];
    await enqueue(t.database.db, mail(5));
    const sender = createMailSender(t.database.db, folderTransport(dir, FROM, (l) => lines.push(l)), quiet);
    expect(await sender.sendDue()).toEqual({ sent: 1, failed: 0 });
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{6}-test\.eml$/);
    const eml = fs.readFileSync(path.join(dir, files[0]!), 'utf8');
    expect(eml).toContain('Subject: Your Vastra mail 5');
    expect(lines.join('\n')).toContain('link: http://shop.test/verify?token=abc5');
    await sender.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
