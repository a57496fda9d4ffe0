/**
 * What the console reads about the database (pg_catalog, as the tables' owner: names and
 * definitions, never rows) and its audit log. The statements the owner types run elsewhere
 * (sql-runner.queries.ts), never here.
 */
import { desc, lt, sql } from 'drizzle-orm';
import { SQL_COUNT_CAP, type SqlAuditEntry, type SqlFunction, type SqlPolicy, type SqlTable, type SqlTrigger } from '../../../shared/sql-console.contract.ts';
import type { Db } from '../../db/client.ts';
import { sqlConsoleAudit } from '../../db/schema/index.ts';
import { CONSOLE_ROLES } from './sql-runner.queries.ts';

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

export async function databaseFacts(db: Db): Promise<{ version: string; sizeBytes: number }> {
  const [row] = await rowsOf<{ version: string; size_bytes: number }>(
    db,
    sql`select current_setting('server_version') as version, pg_database_size(current_database())::float8 as size_bytes`,
  );
  return { version: row!.version, sizeBytes: Number(row!.size_bytes) };
}

/**
 * The shop's tables with their columns and rows: the planner's estimate, or for a table never
 * analysed (new ones; every table on PGlite, which has no autovacuum) a count up to SQL_COUNT_CAP.
 */
export async function tables(db: Db): Promise<SqlTable[]> {
  const rows = await rowsOf<{ name: string; row_estimate: number | null; size_bytes: number; rls: boolean; columns: SqlTable['columns'] }>(
    db,
    sql`
    select c.relname as name,
      case when c.reltuples >= 0 then c.reltuples::float8 end as row_estimate,
      pg_total_relation_size(c.oid)::float8 as size_bytes,
      c.relrowsecurity as rls,
      coalesce(json_agg(json_build_object(
        'name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'nullable', not a.attnotnull,
        'default', pg_get_expr(d.adbin, d.adrelid),
        'readable', has_column_privilege(${CONSOLE_ROLES.read}::name, c.oid, a.attnum, 'SELECT')
      ) order by a.attnum) filter (where a.attnum is not null), '[]') as columns
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    group by c.oid
    order by c.relname`,
  );
  const counted = await countRows(
    db,
    rows.filter((r) => r.row_estimate === null).map((r) => r.name),
  );
  return rows.map((r) => ({
    name: r.name,
    rows: counted.get(r.name) ?? Number(r.row_estimate),
    rowsCounted: counted.has(r.name),
    sizeBytes: Number(r.size_bytes),
    rowLevelSecurity: r.rls,
    columns: r.columns,
  }));
}

/** Rows of each table, counted up to one past SQL_COUNT_CAP, in one statement. */
async function countRows(db: Db, names: string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const counts = names.map(
    (name) => sql`select ${name}::text as name, (select count(*) from (select 1 from ${sql.identifier(name)} limit ${SQL_COUNT_CAP + 1}) s)::float8 as n`,
  );
  const rows = await rowsOf<{ name: string; n: number }>(db, sql.join(counts, sql` union all `));
  return new Map(rows.map((r) => [r.name, Number(r.n)]));
}

export async function policies(db: Db): Promise<SqlPolicy[]> {
  return rowsOf<SqlPolicy>(
    db,
    sql`select tablename as "table", policyname as name, cmd as command, roles::text[] as roles, qual as "using", with_check as "withCheck"
    from pg_policies where schemaname = 'public' order by tablename, policyname`,
  );
}

/** The shop's own functions: those an extension brought (pg_trgm's dozens) are its business. */
export async function functions(db: Db): Promise<SqlFunction[]> {
  return rowsOf<SqlFunction>(
    db,
    sql`select p.proname as name, pg_get_function_arguments(p.oid) as arguments, pg_get_function_result(p.oid) as returns,
      l.lanname as language, pg_get_functiondef(p.oid) as definition
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    join pg_language l on l.oid = p.prolang
    where n.nspname = 'public' and p.prokind in ('f', 'p')
      and not exists (select 1 from pg_depend e where e.classid = 'pg_proc'::regclass and e.objid = p.oid and e.deptype = 'e')
    order by p.proname, p.oid`,
  );
}

export async function triggers(db: Db): Promise<SqlTrigger[]> {
  return rowsOf<SqlTrigger>(
    db,
    sql`select c.relname as "table", t.tgname as name, pg_get_triggerdef(t.oid, true) as definition
    from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and not t.tgisinternal
    order by c.relname, t.tgname`,
  );
}

export type AuditRecord = Omit<SqlAuditEntry, 'id' | 'at'>;

export async function recordAudit(db: Db, entry: AuditRecord): Promise<void> {
  await db.insert(sqlConsoleAudit).values(entry);
}

/** Newest first, `limit` entries older than `before` (an id) when given. */
export async function auditPage(db: Db, limit: number, before?: number): Promise<SqlAuditEntry[]> {
  const rows = await db
    .select()
    .from(sqlConsoleAudit)
    .where(before === undefined ? undefined : lt(sqlConsoleAudit.id, before))
    .orderBy(desc(sqlConsoleAudit.id))
    .limit(limit);
  return rows.map(({ createdAt, ...entry }) => ({ ...entry, at: createdAt.toISOString() }));
}
