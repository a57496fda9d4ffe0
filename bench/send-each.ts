/**
 * A load generator that sends a given list of requests each exactly once, in a process of its own
 * (forked by bench/parcels.ts), so the client's own work and collections do not run on the shop's
 * event loop and show up as the shop's latency (the reason bench/load.ts is a process of its own:
 * decision 0032). autocannon with `amount` hands the requests out in order over `connections`
 * keep-alive connections; the times are its per-response ones.
 */
import autocannon from 'autocannon';

/** One batch: every body (or, without bodies, `count` bare requests) to `path`, `connections` at a time. */
export interface SendEach {
  origin: string;
  path: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  bodies?: string[];
  count?: number;
  connections: number;
}

export interface SentEach {
  /** Wall-clock seconds from the first request to the last answer, and the answers' p50 and p99 in ms; answers that were not 2xx, and errors. */
  seconds: number;
  p50: number;
  p99: number;
  failed: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

function sendEach(batch: SendEach): Promise<SentEach> {
  const total = batch.bodies?.length ?? batch.count ?? 0;
  let next = 0;
  const requests: autocannon.Request[] = [
    {
      method: batch.method,
      setupRequest: (r) => {
        const body = batch.bodies?.[next++];
        return body === undefined ? r : { ...r, body };
      },
    },
  ];
  const times: number[] = [];
  const started = performance.now();
  let lastAnswerAt = started;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: batch.origin + batch.path, connections: Math.min(batch.connections, total), amount: total, headers: batch.headers ?? {}, requests },
      (err: unknown, result: autocannon.Result) => {
        if (err) return reject(err instanceof Error ? err : new Error(String(err)));
        times.sort((a, b) => a - b);
        // To the last answer, not to autocannon's end: it notices it is done on its once-a-second tick.
        resolve({ seconds: (lastAnswerAt - started) / 1000, p50: percentile(times, 50), p99: percentile(times, 99), failed: result.non2xx + result.errors });
      },
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
      times.push(ms);
      lastAnswerAt = performance.now();
    });
  });
}

if (!process.send) {
  console.error('bench/send-each.ts is started by bench/parcels.ts (IPC).');
  process.exit(2);
}
process.on('message', (batch: SendEach) => {
  sendEach(batch).then(
    (sent) => process.send?.({ type: 'sent', sent }),
    (err: unknown) => process.send?.({ type: 'error', message: err instanceof Error ? err.message : String(err) }),
  );
});
process.on('disconnect', () => process.exit(0));
