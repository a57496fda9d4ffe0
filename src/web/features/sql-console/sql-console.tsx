import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useRef, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { SqlSchema } from '../../../shared/sql-console.contract.ts';
import { EmptyState, RetryButton } from '../../components/empty-state.tsx';
import { LoadingIndicator } from '../../components/loading-indicator.tsx';
import { AuditLog } from './audit-log.tsx';
import { AuthTab } from './auth-tab.tsx';
import { FunctionsTab } from './functions-tab.tsx';
import { OverviewTab } from './overview-tab.tsx';
import { SampleTab } from './sample-tab.tsx';
import { useSqlSchema } from './sql-console.api.ts';
import { SqlEditor } from './sql-editor.tsx';
import { TablesTab } from './tables-tab.tsx';

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'tables', label: 'Tables' },
  { value: 'auth', label: 'Authentication & RLS' },
  { value: 'functions', label: 'Functions & Triggers' },
  { value: 'sample', label: 'Sample Data' },
  { value: 'execute', label: 'Execute SQL' },
] as const;
type Tab = (typeof TABS)[number]['value'];

/** The store owner's SQL console (spec §2 Admin SQL editor): six tabs, the open one kept in the URL. */
export function SqlConsole() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t.value === params.get('tab'))?.value ?? 'overview';
  const schema = useSqlSchema();
  const list = useRef<HTMLDivElement>(null);
  // On a phone the tabs scroll sideways: keep the open one in sight (a link may open Execute SQL).
  useEffect(() => {
    const active = list.current?.querySelector('[data-state="active"]');
    if (!list.current || !active) return;
    const box = list.current.getBoundingClientRect();
    const it = active.getBoundingClientRect();
    if (it.left < box.left || it.right > box.right) list.current.scrollLeft += it.left - box.left - 16;
  }, [tab]);
  const withSchema = (render: (s: SqlSchema) => ReactNode) => {
    if (schema.isPending) return <LoadingIndicator text="Reading the database..." />;
    if (schema.isError) return <EmptyState title="We could not read the database." action={<RetryButton onRetry={() => void schema.refetch()} />} />;
    return render(schema.data);
  };
  return (
    <section aria-labelledby="sql-heading" className="grid min-w-0 gap-5">
      <h1 id="sql-heading" className="font-display text-3xl font-semibold">
        SQL console
      </h1>
      <Tabs.Root value={tab} onValueChange={(v) => setParams(v === 'overview' ? {} : { tab: v }, { replace: true })} className="grid min-w-0 gap-5">
        <Tabs.List ref={list} aria-label="SQL console" className="-mx-4 flex gap-1 overflow-x-auto border-b border-line px-4 pb-2 [scrollbar-width:thin] sm:mx-0 sm:flex-wrap sm:px-0">
          {TABS.map((t) => (
            <Tabs.Trigger
              key={t.value}
              value={t.value}
              className="min-h-10 shrink-0 rounded-full px-4 text-sm whitespace-nowrap text-muted hover:bg-sand/60 hover:text-ink data-[state=active]:bg-sand data-[state=active]:font-medium data-[state=active]:text-wine"
            >
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Panel value="overview">{withSchema((s) => <OverviewTab schema={s} />)}</Panel>
        <Panel value="tables">{withSchema((s) => <TablesTab schema={s} />)}</Panel>
        <Panel value="auth">{withSchema((s) => <AuthTab schema={s} />)}</Panel>
        <Panel value="functions">{withSchema((s) => <FunctionsTab schema={s} />)}</Panel>
        <Panel value="sample">{withSchema((s) => <SampleTab schema={s} />)}</Panel>
        <Panel value="execute">
          <div className="grid min-w-0 gap-8">
            <SqlEditor />
            <AuditLog />
          </div>
        </Panel>
      </Tabs.Root>
    </section>
  );
}

function Panel({ value, children }: { value: Tab; children: ReactNode }) {
  return (
    <Tabs.Content value={value} className="min-w-0 focus-visible:outline-offset-4">
      <h2 className="sr-only">{TABS.find((t) => t.value === value)!.label}</h2>
      {children}
    </Tabs.Content>
  );
}
