/** The benchmark's child processes (bench/run.ts, bench/two-servers.ts): when one has ended, and its next message of a kind. */
import type { ChildProcess } from 'node:child_process';

export const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** The child's next message that `accept` takes; rejected if the child exits first. */
export function message<T>(child: ChildProcess, accept: (m: T) => boolean, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: T) => {
      if (!accept(m)) return;
      child.off('exit', onExit);
      child.off('message', onMessage);
      resolve(m);
    };
    const onExit = (code: number | null, signal: string | null) => {
      child.off('message', onMessage);
      reject(new Error(`${what}: the process exited (${signal ?? `code ${code}`})`));
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}
