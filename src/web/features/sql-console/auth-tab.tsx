import type { SqlPolicy, SqlSchema } from '../../../shared/sql-console.contract.ts';
import { MigrationsList } from './migrations-list.tsx';
import { ScriptBlock } from './script-block.tsx';

/** A live policy written back as the statement that would make it. */
const policySql = (p: SqlPolicy) =>
  [`CREATE POLICY ${p.name} ON ${p.table}`, `  FOR ${p.command} TO ${p.roles.join(', ')}`, p.using && `  USING (${p.using})`, p.withCheck && `  WITH CHECK (${p.withCheck})`]
    .filter(Boolean)
    .join('\n') + ';';

/** Who may see which rows: the tables under row-level security, their live policies, and the scripts. */
export function AuthTab({ schema }: { schema: SqlSchema }) {
  const guarded = schema.tables.filter((t) => t.rowLevelSecurity).map((t) => t.name);
  return (
    <div className="grid min-w-0 gap-6">
      <div className="grid gap-2 text-sm leading-relaxed">
        <p>
          Accounts and sessions are kept by the sign-in library; passwords are stored only as scrypt hashes. A shopper’s own rows are read
          in a transaction as the <code className="font-mono text-xs">vastra_shopper</code> role, which these policies keep to that
          shopper. The console’s roles have policies of their own that show every row, and grants that never include the secrets.
        </p>
        <p className="text-muted">
          Row-level security is on for: {guarded.map((name, i) => [i > 0 && ', ', <code key={name} className="font-mono text-xs">{name}</code>])}.
        </p>
      </div>
      <ScriptBlock title="Row-level policies (live)" meta={`${schema.policies.length} policies, from pg_policies`} script={schema.policies.map(policySql).join('\n\n')} />
      <MigrationsList migrations={schema.migrations} tab="auth" intro="Accounts, roles, grants and row-level security, as ./drizzle holds them." />
    </div>
  );
}
