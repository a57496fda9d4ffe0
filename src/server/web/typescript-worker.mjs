/**
 * A worker thread's TypeScript module, run from its source (npm run dev, the tests, the bench):
 * tsx's loader is registered in this thread, then the module at `workerData.module` is imported.
 * A worker's own `--import` of the loader does not reach its entry on Node 20, hence this step.
 * The built server starts its workers' compiled JavaScript directly (drawing-threads.ts).
 */
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.module);
