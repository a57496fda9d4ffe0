import type { MigrationTab, SqlMigration } from '../../../shared/sql-console.contract.ts';
import { ScriptBlock } from './script-block.tsx';

/** The migrations (./drizzle) that belong under one tab, in the order they ran. */
export function MigrationsList({ migrations, tab, intro }: { migrations: SqlMigration[]; tab: MigrationTab; intro: string }) {
  const mine = migrations.filter((m) => m.tab === tab);
  return (
    <section className="grid min-w-0 gap-3" aria-labelledby={`migrations-${tab}`}>
      <div>
        <h3 id={`migrations-${tab}`} className="font-display text-xl font-semibold">
          Migration scripts
        </h3>
        <p className="text-sm text-muted">{intro}</p>
      </div>
      {mine.map((m) => (
        <ScriptBlock key={m.file} title={m.file} meta={`drizzle/${m.file}`} script={m.sql} />
      ))}
    </section>
  );
}
