/**
 * Real processes for the tests of what happens between processes (docs/decisions/0015): the shop
 * started as its owner starts it, the owner's commands, two starts at once. Each child gets a group
 * of its own, so stopping it reaches the Node process under npm and sh.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { projectRoot } from '../project-root.ts';

export { projectRoot };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The environment of a child: this one's, without what would point it at the tests' own database. */
export function childEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', SEED_DEMO: 'false' };
  for (const key of ['DATABASE_URL', 'DATA_DIR', 'PORT', 'npm_lifecycle_event', 'VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID']) delete env[key];
  return { ...env, ...extra };
}

export interface Child {
  process: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  /** Ctrl+C, as in the terminal: SIGINT to the child's whole group. */
  stop(): Promise<number | null>;
  kill9(): Promise<void>;
}

export function start(command: string, args: string[], env: NodeJS.ProcessEnv, cwd = projectRoot): Child {
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, s);
    } catch {
      // already gone
    }
  };
  return {
    process: child,
    // Without colours: a child inherits FORCE_COLOR when the tests run under CI's terminal, and a
    // line the tests look for would then have escape codes inside it.
    output: () => stripVTControlCharacters(output),
    exited,
    stop: () => {
      signal('SIGINT');
      return exited;
    },
    kill9: async () => {
      signal('SIGKILL');
      await exited;
    },
  };
}

/** Runs a command to its end. */
export async function run(command: string, args: string[], env: NodeJS.ProcessEnv, cwd = projectRoot) {
  const child = start(command, args, env, cwd);
  const code = await child.exited;
  return { code, output: child.output().trim() };
}

/**
 * Waits until the shop at `port` answers its health check, or the child ends, or the time is up.
 * Two minutes: a shop opening an empty data folder took 24 s here with the browser suite running,
 * and more than 60 s in CI beside four test workers and the launcher test's builds.
 */
export async function whenServing(port: number, child: Child, timeoutMs = 120_000): Promise<void> {
  let ended = false;
  void child.exited.then(() => (ended = true));
  const until = Date.now() + timeoutMs;
  while (Date.now() < until && !ended) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`The shop on port ${port} did not start:\n${child.output()}`);
}

/** `npm` as the owner types it. */
export const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export const tsxServer = (file = 'src/server/index.ts') => [path.join(projectRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), file];

/**
 * The server in one process, with tsx's loader and no tsx in front of it, as `npm start` runs the
 * built one. For a test of Ctrl+C: tsx's own process passes a signal on, and a child that has not
 * told it within 60 ms that it heard one gets SIGKILL; a busy CI machine took longer, and a shop
 * killed so leaves its lock behind.
 */
export const tsxLoadedServer = (file = 'src/server/index.ts') => ['--import', 'tsx', path.join(projectRoot, file)];
