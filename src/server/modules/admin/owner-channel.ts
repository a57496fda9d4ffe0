/**
 * `npm run admin -- grant|revoke EMAIL` while the shop runs on the embedded database
 * (docs/decisions/0015). The running shop holds the data folder (db/data-lock.ts), so the command
 * hands the change to it over a Unix socket inside the data folder, in a directory only the
 * machine's own user may enter; the shop makes the change on its open database, and the next
 * request sees it. One JSON line each way; nothing but grant and revoke is understood.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

export const ownerRequest = z.object({
  action: z.enum(['grant', 'revoke']),
  email: z.string().trim().min(3).max(320),
});
export type OwnerRequest = z.infer<typeof ownerRequest>;

/** `npm run backup` (issue 52): the running shop writes the backup of the database it holds, to this absolute path. */
export const backupRequest = z.object({ action: z.literal('backup'), file: z.string().min(2).max(900).refine((f) => f.startsWith('/'), 'an absolute path') });
export type BackupRequest = z.infer<typeof backupRequest>;
const channelRequest = z.union([ownerRequest, backupRequest]);

export type BackupWritten = { file: string; bytes: number; photos: number };
export type OwnerAnswer = ({ ok: true } & ({ firstName: string; email: string } | BackupWritten)) | { ok: false; error: 'no_account' | 'bad_request' | 'failed' };

/** Where the running shop listens: DATA_DIR/run/owner.sock. */
export const ownerSocketPath = (dataDir: string) => path.join(dataDir, 'run', 'owner.sock');

const MAX_LINE = 1024;
const TIMEOUT_MS = 10_000;

/** Unix socket paths are short (about 107 bytes): a long absolute path is used relative to the working directory. */
function usable(socketPath: string): string {
  if (Buffer.byteLength(socketPath) < 100) return socketPath;
  const relative = path.relative(process.cwd(), socketPath);
  return Buffer.byteLength(relative) < 100 ? relative : socketPath;
}

/**
 * The socket's directory, made for this user alone; refused if it is a link or someone else's
 * (another user could then reach the channel, or swap the socket for their own).
 */
function privateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = fs.lstatSync(dir);
  if (!stat.isDirectory() || (process.getuid && stat.uid !== process.getuid())) {
    throw new Error(`${dir} is not a folder of this user's own`);
  }
  fs.chmodSync(dir, 0o700);
}

/**
 * Listens for the owner's command; null where there can be no channel (Windows). Only the shop
 * that holds the data folder's lock calls this, so a socket file already there was left by a
 * shop that died, and is removed.
 */
export async function serveOwnerChannel(
  socketPath: string,
  apply: (request: OwnerRequest) => Promise<{ firstName: string; email: string } | undefined>,
  log: (line: string) => void = console.log,
  backup?: (file: string) => Promise<BackupWritten>,
): Promise<{ close(): Promise<void> } | null> {
  if (process.platform === 'win32') return null;
  privateDir(path.dirname(socketPath));
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    socket.setTimeout(TIMEOUT_MS, () => socket.destroy());
    let buffered = '';
    let answered = false;
    const answer = (a: OwnerAnswer) => {
      if (answered) return;
      answered = true;
      socket.end(`${JSON.stringify(a)}\n`);
    };
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      if (answered) return;
      buffered += chunk.toString('utf8');
      if (buffered.length > MAX_LINE) return answer({ ok: false, error: 'bad_request' });
      const end = buffered.indexOf('\n');
      if (end === -1) return;
      answered = true; // what follows the first line is not read
      const reply = (a: OwnerAnswer) => socket.end(`${JSON.stringify(a)}\n`);
      let parsed: ReturnType<typeof channelRequest.safeParse>;
      try {
        parsed = channelRequest.safeParse(JSON.parse(buffered.slice(0, end)));
      } catch {
        return reply({ ok: false, error: 'bad_request' });
      }
      if (!parsed.success) return reply({ ok: false, error: 'bad_request' });
      const request = parsed.data;
      if (request.action === 'backup') {
        if (!backup) return reply({ ok: false, error: 'bad_request' });
        // A backup takes as long as the data is big: the command waits, the socket is not timed out.
        socket.setTimeout(0);
        return void backup(request.file).then(
          (written) => {
            log(`Backup written: ${written.file} (${(written.bytes / 1024 / 1024).toFixed(1)} MB, npm run backup).`);
            reply({ ok: true, ...written });
          },
          (err: unknown) => {
            log(`npm run backup: ${err instanceof Error ? err.message : String(err)}`);
            reply({ ok: false, error: 'failed' });
          },
        );
      }
      apply(request).then(
        (changed) => {
          if (changed) log(`Owner's role ${request.action === 'grant' ? 'granted to' : 'taken from'} ${changed.email} (npm run admin).`);
          reply(changed ? { ok: true, ...changed } : { ok: false, error: 'no_account' });
        },
        (err: unknown) => {
          log(`npm run admin: ${err instanceof Error ? err.message : String(err)}`);
          reply({ ok: false, error: 'failed' });
        },
      );
    });
  });
  const where = usable(socketPath);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where, () => resolve());
  });
  fs.chmodSync(where, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(where, { force: true });
      }),
  };
}

/** Asks a running shop to make the change (or the backup: `waitMs` longer); null when no shop answers there (none is running). */
export function askRunningShop(socketPath: string, request: OwnerRequest | BackupRequest, waitMs = TIMEOUT_MS): Promise<OwnerAnswer | null> {
  if (process.platform === 'win32') return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const socket = net.connect(usable(socketPath));
    let buffered = '';
    socket.setTimeout(waitMs, () => {
      socket.destroy();
      reject(new Error(`the running shop did not answer within ${Math.round(waitMs / 1000)} seconds`));
    });
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk) => (buffered += chunk.toString('utf8')));
    socket.on('end', () => {
      try {
        resolve(JSON.parse(buffered) as OwnerAnswer);
      } catch {
        reject(new Error('the running shop gave an answer that could not be read'));
      }
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      // Nothing listens: no shop is running on this folder (or one died and left the file).
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve(null);
      else reject(err);
    });
  });
}
