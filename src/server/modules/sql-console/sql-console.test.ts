/**
 * The store owner's SQL console through the HTTP API, on PGlite and PostgreSQL: only the owner may
 * use it; read mode never changes anything and never leaves read mode, whatever the SQL tries; write
 * mode needs consent per statement and still cannot reach the auth secrets; every attempt is
 * audited; hostile input gets a clear 4xx. The last block runs statements past the parser check
 * straight into the runner, to show the role, the transaction and the protocol hold on their own.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MAX_SQL_CHARS, SQL_MESSAGES, type SqlAuditPage, type SqlResult, type SqlSchema } from '../../../shared/sql-console.contract.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { OWN_PAGES_ONLY } from '../admin/admin.routes.ts';
import { runStatement, StatementFailed, type RunPlan } from './sql-runner.queries.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedUp>>;
let customer: Awaited<ReturnType<typeof signedUp>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedUp(t, 'Lakshmi');
  customer = await signedUp(t, 'Arjun');
  await t.shop.owners.setOwner(owner.email, true);
});
afterAll(() => t.close());

const run = (statement: unknown, extra: Record<string, unknown> = {}, cookie = owner.cookie) =>
  send(t, 'POST', '/api/admin/sql/run', { sql: statement, ...extra }, cookie);
const write = (statement: string) => run(statement, { mode: 'write', confirmWrite: true });
const ok = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as SqlResult;
};
const refusal = async (res: Response) => {
  expect(res.status).toBe(400);
  return (await res.json()) as { code: string; message: string };
};
const scalar = async (query: string) => Object.values(((await t.database.db.execute(sql.raw(query))) as unknown as { rows: object[] }).rows[0]!)[0];
const productCount = () => scalar('select count(*)::int from products');
const latestAudit = async () => ((await (await send(t, 'GET', '/api/admin/sql/audit', undefined, owner.cookie)).json()) as SqlAuditPage).entries[0]!;

describe('who may', () => {
  it('refuses a visitor (401) and a customer (403), and runs nothing for them', async () => {
    const before = await productCount();
    for (const cookie of [undefined, customer.cookie]) {
      const res = await send(t, 'POST', '/api/admin/sql/run', { sql: 'delete from products', mode: 'write', confirmWrite: true }, cookie);
      expect(res.status).toBe(cookie ? 403 : 401);
      for (const path of ['/api/admin/sql/schema', '/api/admin/sql/audit']) {
        expect((await send(t, 'GET', path, undefined, cookie)).status).toBe(cookie ? 403 : 401);
      }
      expect((await send(t, 'POST', '/api/admin/sql/sample/products', undefined, cookie)).status).toBe(cookie ? 403 : 401);
    }
    expect(await productCount()).toBe(before);
  });
});

describe('read mode', () => {
  it('runs a query and answers with its columns, types and rows', async () => {
    const result = await ok(await run('select name, price from products order by id limit 3'));
    expect(result).toMatchObject({ mode: 'read', command: 'SELECT', rowCount: 3, capped: false });
    expect(result.columns).toEqual([
      { name: 'name', type: 'text' },
      { name: 'price', type: 'integer' },
    ]);
    expect(result.rows).toHaveLength(3);
    expect(typeof result.rows[0]![0]).toBe('string');
    expect(typeof result.rows[0]![1]).toBe('number');
  });

  it.each([
    ['insert into pricing_settings (setting_name, setting_value) values (\'x\', \'1\')', /INSERT changes data.*read-only mode/],
    ['update products set price = 1', /UPDATE changes data.*read-only mode/],
    ['delete from products', /DELETE changes data.*read-only mode/],
    ['drop table products', /go through a migration/],
    ['truncate products', /go through a migration/],
    ['create table x (id int)', /go through a migration/],
    ['select * into stolen from products', /SELECT INTO makes a table/],
    ['COMMIT; DELETE FROM products', /one statement at a time: this has 2/],
    ['select 1; select 2', /one statement at a time/],
    ['commit', /transaction of its own/],
    ['rollback', /transaction of its own/],
    ['end', /transaction of its own/],
    ['begin', /transaction of its own/],
    ['SET ROLE postgres', /cannot be changed/],
    ['RESET ROLE', /cannot be changed/],
    ['SET SESSION AUTHORIZATION postgres', /cannot be changed/],
    ['SET TRANSACTION READ WRITE', /cannot be changed/],
    ['set default_transaction_read_only = off', /cannot be changed/],
    ['set local statement_timeout = 0', /cannot be changed/],
    ["select set_config('role', 'postgres', true)", /set_config\(\) changes settings or the role/],
    ["select pg_catalog.set_config('statement_timeout', '0', false)", /set_config\(\)/],
    ['select U&"set\\005fconfig"(\'role\', \'postgres\', true)', /set_config\(\)/],
    ["select query_to_xml('select token from sessions', true, false, '')", /runs SQL given as text/],
    ['select * from products where id in (select 1 from pg_advisory_lock(1))', /holds a lock/],
    ['explain analyze delete from products', /DELETE changes data/],
    ['do $$ begin delete from products; end $$', /go through a migration/],
    ['copy products to stdout', /go through a migration/],
    ['-- nothing but a comment', /Write a statement to run/],
  ])('refuses %s, with a reason, and changes nothing', async (statement, message) => {
    const before = await productCount();
    const body = await refusal(await run(statement));
    expect(body.code).toBe('sql_refused');
    expect(body.message).toMatch(message);
    expect(await productCount()).toBe(before);
  });

  it('gives PostgreSQL’s own words for a syntax error or a missing column (400, never a 500)', async () => {
    expect(await refusal(await run('selec 1'))).toEqual({ code: 'sql_failed', message: 'syntax error at or near "selec"' });
    const missing = await refusal(await run('select nope from products'));
    expect(missing).toMatchObject({ code: 'sql_failed', message: expect.stringContaining('column "nope" does not exist') });
  });

  it.each([
    ['select token from sessions', 'sessions'],
    ['select * from sessions', 'sessions'],
    ['select password from auth_accounts', 'auth_accounts'],
    ['select access_token, refresh_token, id_token from auth_accounts', 'auth_accounts'],
    ['select value from verifications', 'verifications'],
    ['select identifier from verifications', 'verifications'],
    ['select text_body from mail_outbox', 'mail_outbox'],
  ])('never reads a secret: %s', async (statement, table) => {
    const body = await refusal(await run(statement));
    expect(body).toEqual({ code: 'sql_failed', message: `permission denied for table ${table}` });
  });

  it('reads what is not secret of those tables, and every shopper’s rows in spite of row-level security', async () => {
    const sessions = await ok(await run('select user_id, expires_at from sessions'));
    expect(sessions.rowCount).toBeGreaterThanOrEqual(2);
    const profiles = await ok(await run('select id from profiles'));
    expect(profiles.rowCount).toBe(await scalar('select count(*)::int from profiles'));
  });

  it('caps an answer at 500 rows and says so', async () => {
    const result = await ok(await run('select g from generate_series(1, 1200) g'));
    expect(result).toMatchObject({ capped: true, rowCount: 500 });
    expect(result.rows).toHaveLength(500);
    expect(result.rows.at(-1)).toEqual([500]);
  });

  it('answers values JSON cannot carry as PostgreSQL prints them', async () => {
    const result = await ok(
      await run(`select 9007199254740993::bigint as big, timestamptz '2026-01-02 03:04:05+00' as at, '\\xdead'::bytea as bytes,
        12.50::numeric as amount, '{"a": [1]}'::jsonb as doc, true as yes, 1.5::float8 as half, 'NaN'::float8 as nan, null as nothing,
        array[1, 2] as list, date '2026-03-04' as day`),
    );
    const [row] = result.rows;
    expect(row!.slice(0, 2)).toEqual(['9007199254740993', expect.stringMatching(/^2026-01-0[12] \d\d:\d\d:05/)]);
    expect(row!.slice(2)).toEqual(['\\xdead', '12.50', { a: [1] }, true, 1.5, 'NaN', null, '{1,2}', '2026-03-04']);
  });

  it('stops a long statement', async () => {
    if (inject('dbKind') === 'postgres') {
      const started = Date.now();
      const body = await refusal(await run('select pg_sleep(10)'));
      expect(body.code).toBe('sql_timed_out');
      expect(body.message).toMatch(/canceling statement due to statement timeout/);
      expect(Date.now() - started).toBeLessThan(8000);
      expect(await latestAudit()).toMatchObject({ outcome: 'timed_out', statement: 'select pg_sleep(10)' });
    } else {
      // PGlite runs in this process and cannot interrupt a statement: a sleep would stall the shop.
      const body = await refusal(await run('select pg_sleep(10)'));
      expect(body).toMatchObject({ code: 'sql_refused', message: expect.stringContaining('cannot stop a statement after 5 seconds') });
    }
  }, 15_000);
});

describe('write mode', () => {
  it('needs consent in the request itself', async () => {
    const res = await run('update pricing_settings set description = description where false', { mode: 'write' });
    expect(res.status).toBe(422);
    expect((await res.json()).fields).toEqual({ confirmWrite: SQL_MESSAGES.confirm });
  });

  it('changes rows, and is audited with its author and row count', async () => {
    const result = await ok(await write("update pricing_settings set description = 'GST, in percent' where setting_name = 'gst_percentage'"));
    expect(result).toMatchObject({ mode: 'write', command: 'UPDATE', rowCount: 1 });
    expect(await scalar("select description from pricing_settings where setting_name = 'gst_percentage'")).toBe('GST, in percent');
    expect(await latestAudit()).toMatchObject({ mode: 'write', outcome: 'ok', rowCount: 1, userId: owner.id, userEmail: owner.email });
    await write("update pricing_settings set description = 'GST rate in percent' where setting_name = 'gst_percentage'");
  });

  it('answers the rows of UPDATE ... RETURNING, the catalog’s triggers running as the writer', async () => {
    const result = await ok(await write("update products set name = name || '' where id = (select min(id) from products) returning id, name"));
    expect(result).toMatchObject({ command: 'UPDATE', rowCount: 1, columns: [{ name: 'id' }, { name: 'name' }] });
  });

  it.each([
    ["update auth_accounts set password = 'x'", 'permission denied for table auth_accounts'],
    ["insert into sessions (token, user_id, expires_at) values ('t', gen_random_uuid(), now())", 'permission denied for table sessions'],
    ["update users set email = 'me@example.com'", 'permission denied for table users'],
    ['update profiles set is_admin = true', 'permission denied for table profiles'],
    ['delete from sql_console_audit', 'permission denied for table sql_console_audit'],
  ])('still cannot touch the secrets, who is an admin, or the audit: %s', async (statement, message) => {
    expect(await refusal(await write(statement))).toEqual({ code: 'sql_failed', message });
  });

  it('still refuses schema changes and leaving its transaction', async () => {
    expect((await refusal(await write('drop table products'))).code).toBe('sql_refused');
    expect((await refusal(await write('commit'))).code).toBe('sql_refused');
  });
});

describe('the audit log', () => {
  it('holds every attempt, newest first, paged', async () => {
    await run('select 1 as one');
    await run('delete from products');
    await run('selec 1');
    await write('update pricing_settings set description = description where false');
    const page = (await (await send(t, 'GET', '/api/admin/sql/audit', undefined, owner.cookie)).json()) as SqlAuditPage;
    expect(page.entries.slice(0, 4).map((e) => [e.statement, e.mode, e.outcome, e.rowCount])).toEqual([
      ['update pricing_settings set description = description where false', 'write', 'ok', 0],
      ['selec 1', 'read', 'failed', null],
      ['delete from products', 'read', 'refused', null],
      ['select 1 as one', 'read', 'ok', 1],
    ]);
    expect(page.entries[1]).toMatchObject({ userId: owner.id, userEmail: owner.email, error: 'syntax error at or near "selec"' });
    expect(page.entries.every((e) => e.durationMs >= 0 && !Number.isNaN(Date.parse(e.at)))).toBe(true);

    expect(page.nextBefore).toBe(page.entries.at(-1)!.id);
    const older = (await (await send(t, 'GET', `/api/admin/sql/audit?before=${page.nextBefore}`, undefined, owner.cookie)).json()) as SqlAuditPage;
    expect(older.entries.length).toBeGreaterThan(0);
    expect(older.entries.every((e) => e.id < page.nextBefore!)).toBe(true);
    expect((await send(t, 'GET', '/api/admin/sql/audit?before=abc', undefined, owner.cookie)).status).toBe(400);
  });
});

describe('hostile input', () => {
  it.each([
    ['an empty statement', '', SQL_MESSAGES.empty],
    ['white space', ' \n\t ', SQL_MESSAGES.empty],
    ['a NUL character', 'select 1\u0000; delete from products', SQL_MESSAGES.nul],
    ['one character too many', `select 1 ${'-'.repeat(MAX_SQL_CHARS - 8)}`, SQL_MESSAGES.tooLong],
    ['not text', 42, SQL_MESSAGES.empty],
  ])('refuses %s with 422 and its message', async (_, statement, message) => {
    const res = await run(statement);
    expect(res.status).toBe(422);
    expect((await res.json()).fields).toEqual({ sql: message });
  });

  it('refuses an unknown mode', async () => {
    const res = await run('select 1', { mode: 'admin' });
    expect(res.status).toBe(422);
    expect((await res.json()).fields).toEqual({ mode: SQL_MESSAGES.mode });
  });

  it('refuses a statement of 20,001 characters, and a 1 MB body, before reading them whole (413)', async () => {
    for (const size of [20_001, 1024 * 1024]) {
      const res = await run(`select ${'1'.repeat(size - 7)}`);
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ code: 'too_large', message: 'This request is too large.' });
    }
  });
});

describe('the schema and sample rows', () => {
  it('shows tables with columns, policies, functions, triggers and the migrations under their tabs', async () => {
    const schema = (await (await send(t, 'GET', '/api/admin/sql/schema', undefined, owner.cookie)).json()) as SqlSchema;
    expect(schema.database).toMatchObject({ version: expect.any(String), sizeBytes: expect.any(Number) });
    expect(schema.database.tables).toBe(schema.tables.length);
    const sessions = schema.tables.find((tb) => tb.name === 'sessions')!;
    expect(sessions.columns.find((c) => c.name === 'token')).toMatchObject({ type: 'text', nullable: false, readable: false });
    expect(sessions.columns.find((c) => c.name === 'user_id')).toMatchObject({ readable: true });
    expect(schema.tables.find((tb) => tb.name === 'products')).toMatchObject({ rowLevelSecurity: false, rows: expect.any(Number) });
    expect(schema.tables.find((tb) => tb.name === 'products')!.rows).toBeGreaterThan(0);
    expect(schema.tables.find((tb) => tb.name === 'profiles')).toMatchObject({ rowLevelSecurity: true });
    expect(schema.policies).toContainEqual(expect.objectContaining({ table: 'profiles', name: 'profiles_own', roles: ['vastra_shopper'] }));
    expect(schema.policies).toContainEqual(expect.objectContaining({ table: 'orders', name: 'console_all', using: 'true' }));
    expect(schema.functions.map((f) => f.name)).toContain('products_sync_search');
    expect(schema.functions.map((f) => f.name)).not.toContain('similarity'); // pg_trgm's
    expect(schema.triggers).toContainEqual(expect.objectContaining({ table: 'products', name: 'products_added_search' }));
    const tabs = Object.fromEntries(schema.migrations.map((m) => [m.file, m.tab]));
    expect(tabs).toMatchObject({
      '0001_catalog.sql': 'tables',
      '0002_catalog_triggers.sql': 'functions',
      '0003_accounts.sql': 'auth',
      '0004_shopper_rls.sql': 'auth',
      '0012_sql_console.sql': 'auth',
    });
    expect(schema.migrations.find((m) => m.file === '0012_sql_console.sql')!.sql).toContain('CREATE ROLE vastra_console_reader');
  });

  it('samples a table’s readable columns through the console’s own checks and log', async () => {
    const products = await ok(await send(t, 'POST', '/api/admin/sql/sample/products', undefined, owner.cookie));
    expect(products.rows.length).toBeGreaterThan(0);
    expect(products.rows.length).toBeLessThanOrEqual(10);
    const sessions = await ok(await send(t, 'POST', '/api/admin/sql/sample/sessions', undefined, owner.cookie));
    expect(sessions.columns.map((c) => c.name)).not.toContain('token');
    expect(await latestAudit()).toMatchObject({ mode: 'read', outcome: 'ok', statement: expect.stringMatching(/^select "id", "user_id".* from "sessions" limit 10$/) });
    expect((await send(t, 'POST', '/api/admin/sql/sample/verifications', undefined, owner.cookie)).status).toBe(400);
    expect((await send(t, 'POST', '/api/admin/sql/sample/nothing_here', undefined, owner.cookie)).status).toBe(404);
  });

  it('answers no GET for a sample (it writes the audit log), and no cross-site request at all: nothing is logged', async () => {
    const before = (await latestAudit()).id;
    // A link on another site: the owner's cookie goes along with a top-level GET (SameSite=Lax).
    const linked = await send(t, 'GET', '/api/admin/sql/sample/products', undefined, owner.cookie, { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' });
    expect(linked.status).toBe(403);
    expect(await linked.json()).toEqual({ code: 'cross_site', message: OWN_PAGES_ONLY });
    for (const site of ['cross-site', 'same-site']) {
      for (const path of ['/api/admin/sql/schema', '/api/admin/sql/audit', '/api/admin/settings', '/api/admin/orders']) {
        expect((await send(t, 'GET', path, undefined, owner.cookie, { 'Sec-Fetch-Site': site })).status, `${site} ${path}`).toBe(403);
      }
    }
    expect([404, 405]).toContain((await send(t, 'GET', '/api/admin/sql/sample/products', undefined, owner.cookie)).status);
    expect((await latestAudit()).id).toBe(before);
    // The shop's own pages, and an address typed in, are answered.
    for (const site of ['same-origin', 'none']) {
      expect((await send(t, 'GET', '/api/admin/sql/audit', undefined, owner.cookie, { 'Sec-Fetch-Site': site })).status).toBe(200);
    }
  });
});

describe('defence in depth: statements the parser check never let through, run straight', () => {
  const straight = (statement: string, mode: RunPlan['mode'] = 'read') =>
    runStatement(t.database.db, { statement, mode, cursor: false, rowCap: 500, timeoutMs: 5000 }).then(
      () => 'ran',
      (err: unknown) => (err instanceof StatementFailed ? err.message : `unexpected ${String(err)}`),
    );

  it.each([
    ['COMMIT; DELETE FROM products', 'read', 'cannot insert multiple commands into a prepared statement'],
    ['delete from products', 'read', 'cannot execute DELETE in a read-only transaction'],
    ['drop table products', 'read', 'cannot execute DROP TABLE in a read-only transaction'],
    ['set transaction read write', 'read', 'transaction read-write mode must be set before any query'],
    ['select token from sessions', 'read', 'permission denied for table sessions'],
    ["update auth_accounts set password = 'x'", 'write', 'permission denied for table auth_accounts'],
    ['drop table products', 'write', 'must be owner of table products'],
  ] as const)('%s (%s mode): %s', async (statement, mode, message) => {
    const before = await productCount();
    expect(await straight(statement, mode)).toBe(message);
    expect(await productCount()).toBe(before);
  });

  it('leaves nothing behind on the connection: the app still works after a session-wide setting', async () => {
    expect(await straight("select set_config('search_path', 'pg_catalog', false)", 'write')).toBe('ran');
    expect(await straight("select set_config('role', 'vastra_shopper', false)", 'write')).toBe('ran');
    for (let i = 0; i < 6; i++) expect((await t.get('/api/products?limit=1')).status).toBe(200);
    expect(await scalar('select current_user')).not.toMatch(/vastra/);
  });
});
