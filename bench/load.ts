/**
 * The load generator, in a process of its own so it does not take CPU from the server's event loop
 * (started by bench/run.ts with fork). For each {type: 'run'} it runs autocannon once, for the
 * warm-up and the measured run back to back, and answers with req/s and latency percentiles of the
 * answers that arrived after the warm-up. One run, not two: a second would open its connections
 * afresh while the server still draws what the first one hung up on, and its first second measured
 * that, not the load (a first render's slowest answers were all there; decision 0032).
 * Latencies come from autocannon's per-response event (fractional ms), not its whole-ms histogram.
 */
import autocannon from 'autocannon';
import type { FromLoad, LoadRequest, LoadResult } from './messages.ts';

const send = (m: FromLoad) => process.send?.(m);

// Browsers ask for compressed answers, and the API compresses (hono/compress): so do we.
const headers = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };

/** Each answer's latency, and when it came (ms from the run's start). */
interface Answer {
  at: number;
  ms: number;
}

function once(req: LoadRequest, seconds: number): Promise<{ answers: Answer[]; result: autocannon.Result }> {
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
  const answers: Answer[] = [];
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const instance = autocannon(
      { url: req.origin, connections: req.connections, duration: seconds, headers: { ...headers, ...req.headers }, requests },
      (err: unknown, result: autocannon.Result) => (err ? reject(err) : resolve({ answers, result })),
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => void answers.push({ at: performance.now() - start, ms }));
  });
}

function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function run(req: LoadRequest): Promise<LoadResult> {
  const { answers, result } = await once(req, req.warmupSeconds + req.durationSeconds);
  const warmedUp = req.warmupSeconds * 1000;
  const latencies = answers.filter((a) => a.at >= warmedUp).map((a) => a.ms);
  const asArray = Array.from(Float64Array.from(latencies).sort());
  const seconds = result.duration - req.warmupSeconds;
  return {
    requests: latencies.length,
    answered: answers.length,
    seconds,
    reqPerSec: latencies.length / seconds,
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
