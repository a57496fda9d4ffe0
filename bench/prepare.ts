/**
 * Seeds the throwaway database and chooses the workload, in a child process (started by
 * bench/run.ts with fork). PGlite runs its queries synchronously on the calling thread; here that
 * thread is not the orchestrator's, which therefore stays free to answer Ctrl-C and clean up.
 */
import { openFromEnv } from './throwaway-db.ts';
import type { FromPrepare } from './messages.ts';
import { seedCatalog } from './seed.ts';
import { chooseWorkload } from './workload.ts';

const products = Number(process.env.BENCH_PRODUCTS);
if (!process.send || !Number.isInteger(products)) {
  console.error('bench/prepare.ts is started by bench/run.ts (BENCH_PRODUCTS, the database location, IPC).');
  process.exit(2);
}

const database = await openFromEnv();
try {
  const seed = await seedCatalog(database, products, (line) => console.log(line));
  const workload = await chooseWorkload(database.db, seed.total);
  await new Promise<void>((resolve, reject) =>
    process.send!({ type: 'prepared', seed, workload } satisfies FromPrepare, undefined, {}, (err) => (err ? reject(err) : resolve())),
  );
} finally {
  await database.close();
}
process.disconnect();
