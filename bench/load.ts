/**
 * The load generator, in a process of its own so it does not take CPU from the server's event loop
 * (started by bench/run.ts with fork). For each {type: 'run'} it runs autocannon twice, a warm-up
 * and the measured run, and answers with req/s and latency percentiles of the measured run only.
 * Latencies come from autocannon's per-response event (fractional ms), not its whole-ms histogram.
 */
import autocannon from 'autocannon';
import type { FromLoad, LoadRequest, LoadResult } from './messages.ts';

const send = (m: FromLoad) => process.send?.(m);

// Browsers ask for compressed answers, and the API compresses (hono/compress): so do we.
const headers = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };

function once(req: LoadRequest, seconds: number): Promise<{ latencies: number[]; result: autocannon.Result }> {
  // One sequence over all connections: request k goes to paths[k % n], so a path comes round again
  // only after every other one has been asked for.
  let next = 0;
  const requests: autocannon.Request[] = [
    {
      method: req.method ?? 'GET',
      ...(req.body !== undefined && { body: req.body }),
      setupRequest: (r) => {
        const k = next++;
        return { ...r, path: req.paths[k % req.paths.length]!, ...(req.methods && { method: req.methods[k % req.methods.length]! }) };
      },
    },
  ];
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: req.origin, connections: req.connections, duration: seconds, headers: { ...headers, ...req.headers }, requests },
      (err: unknown, result: autocannon.Result) => (err ? reject(err) : resolve({ latencies, result })),
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => void latencies.push(ms));
  });
}

function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function run(req: LoadRequest): Promise<LoadResult> {
  if (req.warmupSeconds > 0) await once(req, req.warmupSeconds);
  const { latencies, result } = await once(req, req.durationSeconds);
  const sorted = Float64Array.from(latencies).sort();
  const asArray = Array.from(sorted);
  return {
    requests: latencies.length,
    seconds: result.duration,
    reqPerSec: latencies.length / result.duration,
    p50Ms: percentile(asArray, 50),
    p99Ms: percentile(asArray, 99),
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

if (!process.send) {
  console.error('bench/load.ts is started by bench/run.ts (IPC).');
  process.exit(2);
}
process.on('message', (m: LoadRequest) => {
  if (m.type !== 'run') return;
  run(m).then(
    (result) => send({ type: 'result', result }),
    (err: unknown) => send({ type: 'error', message: err instanceof Error ? err.message : String(err) }),
  );
});
process.on('disconnect', () => process.exit(0));
