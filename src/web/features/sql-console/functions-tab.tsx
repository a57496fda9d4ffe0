import type { SqlSchema } from '../../../shared/sql-console.contract.ts';
import { MigrationsList } from './migrations-list.tsx';
import { ScriptBlock } from './script-block.tsx';

/** The shop's own functions and triggers, as PostgreSQL holds them now, then the scripts. */
export function FunctionsTab({ schema }: { schema: SqlSchema }) {
  return (
    <div className="grid min-w-0 gap-6">
      <p className="text-sm leading-relaxed">
        Triggers keep the search index and the catalog’s version right however a row changes; the functions below are what they call.
      </p>
      <section aria-labelledby="sql-functions" className="grid min-w-0 gap-3">
        <h3 id="sql-functions" className="font-display text-xl font-semibold">
          Functions
        </h3>
        {schema.functions.map((f, i) => (
          <ScriptBlock key={`${f.name}-${i}`} title={`${f.name}(${f.arguments})`} meta={`returns ${f.returns} · ${f.language}`} script={f.definition.trim()} />
        ))}
      </section>
      <section aria-labelledby="sql-triggers" className="grid min-w-0 gap-3">
        <h3 id="sql-triggers" className="font-display text-xl font-semibold">
          Triggers
        </h3>
        <ScriptBlock
          title="Triggers (live)"
          meta={`${schema.triggers.length} triggers, from pg_trigger`}
          script={schema.triggers.map((t) => `${t.definition};`).join('\n\n')}
        />
      </section>
      <MigrationsList migrations={schema.migrations} tab="functions" intro="Functions and triggers, as ./drizzle holds them." />
    </div>
  );
}
