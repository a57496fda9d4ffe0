/**
 * The several-servers proof's last part (issue 52), with real processes on PostgreSQL: two app
 * servers over one database, and server A killed (SIGKILL) in the middle of its outbox pass, while
 * the mail server holds the DATA of A's mail without having said "250". No mail is lost (B sends what
 * A had claimed once A's lease on it runs out) and none is sent twice (A's held mail was never
 * accepted; B's copy carries the same Message-ID). Each server speaks to a door of its own of the
 * mail service, so the test knows whose connection it holds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ParsedMail } from 'mailparser';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { newShopper } from './test/accounts-kit.ts';
import { childEnv, freePort, start, tsxServer, whenServing, type Child } from './test/processes.ts';
import { startSmtpInbox, type SmtpInbox } from './test/smtp-inbox.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-outbox-kill-'));
const children: Child[] = [];
const inboxes: SmtpInbox[] = [];
let dropDatabase = async () => {};
afterAll(async () => {
  await Promise.all(children.map((c) => c.kill9()));
  await Promise.all(inboxes.map((i) => i.close()));
  await dropDatabase();
  fs.rmSync(root, { recursive: true, force: true });
});

/** A database of its own on the tests' PostgreSQL server, dropped afterwards. */
async function freshDatabase(): Promise<string> {
  const name = `vastra_outbox_kill_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** An app server as `npm start` runs one, on the shared database, sending its mail through `smtpUrl`. */
async function appServer(name: string, databaseUrl: string, smtpUrl: string): Promise<{ child: Child; port: number }> {
  const port = await freePort();
  const env = childEnv({ DATABASE_URL: databaseUrl, DATA_DIR: path.join(root, name), PORT: String(port), SMTP_URL: smtpUrl, AUTH_SECRET: 'the-same-secret-on-every-app-server-of-this-shop' });
  const child = start(process.execPath, tsxServer(), env);
  children.push(child);
  await whenServing(port, child);
  return { child, port };
}

const addressOf = (m: ParsedMail) => (m.to && !Array.isArray(m.to) ? m.to.value[0]?.address : undefined);

describe.runIf(Boolean(serverUrl))('an app server killed in the middle of its outbox pass', () => {
  it('loses no mail and sends none twice: the other server sends what it had claimed, once', async () => {
    const databaseUrl = await freshDatabase();
    const [doorA, doorB] = await Promise.all([startSmtpInbox(), startSmtpInbox()]);
    inboxes.push(doorA, doorB);
    // One after the other: the first migrates the empty database.
    const a = await appServer('a', databaseUrl, doorA.url);
    const b = await appServer('b', databaseUrl, doorB.url);

    // Ten shoppers sign up on A: each sign-up writes a verification mail and wakes A's sender,
    // whose first mail's DATA the mail server takes and holds.
    const held = doorA.holdNext();
    const shoppers = ['Asha', 'Bina', 'Chitra', 'Deepa', 'Esha', 'Farah', 'Gita', 'Hema', 'Indu', 'Jaya'].map((name) => newShopper(name));
    const emails = shoppers.map((s) => s.email);
    // Together, so A's pass finds several mails to claim at once.
    await Promise.all(
      shoppers.map(async (shopper) => {
        const res = await fetch(`http://127.0.0.1:${a.port}/api/accounts/signup`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(shopper) });
        expect(res.status, await res.text()).toBe(200);
      }),
    );
    const heldMail = await held;
    await a.child.kill9();

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      // A's claimed mails wait out its lease (two minutes): it passes here at once.
      const leased = await db.query(`update mail_outbox set send_after = now() where sent_at is null and send_after > now() returning to_address`);
      expect(leased.rows.map((r: { to_address: string }) => r.to_address)).toContain(addressOf(heldMail));
      // B's sender, on its own round (every 5 s), sends every mail not yet sent.
      const all = () => [...doorA.mails, ...doorB.mails].filter((m) => emails.includes(addressOf(m) ?? ''));
      await expect.poll(() => all().length, { timeout: 30_000, interval: 200 }).toBe(10);
      await new Promise((r) => setTimeout(r, 6_000)); // another of B's rounds: nothing more comes
      expect(all()).toHaveLength(10);
      expect(new Set(all().map(addressOf))).toEqual(new Set(emails));
      // The held mail arrived once, from B, under the Message-ID A had given it.
      const resent = doorB.mails.filter((m) => addressOf(m) === addressOf(heldMail));
      expect(resent).toHaveLength(1);
      expect(resent[0]!.messageId).toBe(heldMail.messageId);
      expect(doorA.mails.filter((m) => addressOf(m) === addressOf(heldMail))).toEqual([]);
      const unsent = await db.query(`select count(*)::int as n from mail_outbox where sent_at is null`);
      expect(unsent.rows[0].n).toBe(0);
    } finally {
      await db.end();
    }
    expect(b.child.output()).not.toMatch(/Error|error:/);
  }, 240_000);
});
