/**
 * Starts the shop: boot (database, migrations, demo catalog), the mail sender, the payments'
 * reconcile timer, the owner's channel (on the embedded database) and the HTTP server, and stops
 * them all on SIGINT or SIGTERM.
 */
import { boot, type DevWeb } from './boot.ts';
import { describeUrl } from './db/client.ts';
import type { AppConfig } from './env.ts';
import { listen, type ListenOptions } from './http/listen.ts';
import { ownerSocketPath, serveOwnerChannel } from './modules/admin/owner-channel.ts';
import { writeBackup } from './backup/backup.ts';

type Booted = Awaited<ReturnType<typeof boot>>;

/** npm run dev: the web app from Vite, whose middleware sees each request first, on the shop's own server. */
export interface DevServer extends DevWeb {
  server: ListenOptions['server'];
  close(): Promise<void>;
}

/** `beforeListen` runs on the booted shop before it takes requests (the browser tests make their store owner there). */
export async function startServer(config: AppConfig, beforeListen?: (booted: Booted) => Promise<void>, dev?: DevServer) {
  console.log(
    config.databaseUrl
      ? `Database: PostgreSQL at ${describeUrl(config.databaseUrl)}`
      : `Database: embedded PGlite in ${config.dataDir}/pgdata`,
  );
  const booted = await boot(config, console.log, dev);
  const { app, database, mail, watch, reconciler, parcels, closeLocal } = booted;
  const { owners } = booted.shop;
  await beforeListen?.(booted);
  mail.start();
  reconciler.start();
  parcels.start();
  // `npm run admin` hands a grant to the shop that holds the embedded folder; on PostgreSQL it writes the database itself.
  // The shop runs without it if it cannot be opened: the owner then stops the shop to grant.
  const ownerChannel = config.databaseUrl
    ? null
    : await serveOwnerChannel(
        ownerSocketPath(config.dataDir),
        ({ action, email }) => owners.setOwner(email, action === 'grant'),
        console.log,
        // `npm run backup` while the shop runs: the shop holds the embedded database, so it writes the copy.
        (file) => writeBackup(file, { dump: () => database.dump!(), storage: booted.shop.storage }),
      ).catch((err: unknown) => {
        console.error(`The owner's channel is closed (${err instanceof Error ? err.message : String(err)}): stop the shop to run npm run admin.`);
        return null;
      });
  if (!config.razorpay) console.log('Payments: TEST MODE (no Razorpay keys): checkout runs offline and takes no money.');
  const server = listen(app.fetch, config.port, config.host, () => {
    console.log(`Vastra is open at ${config.publicUrl ?? `http://localhost:${config.port}`}`);
  }, { server: dev?.server });
  server.on('error', async (err: NodeJS.ErrnoException) => {
    console.error(err.code === 'EADDRINUSE' ? `Port ${config.port} is already in use; set PORT to another.` : err.message);
    await ownerChannel?.close();
    await watch.close();
    await database.close();
    process.exit(1);
  });
  let stoppingSince = 0;
  const stop = () => {
    // A second Ctrl+C is an owner who will not wait: out at once, the database left as a crash
    // leaves it. Not one within a second of the first: npm and tsx pass the terminal's own Ctrl+C
    // on to the shop, which so hears one press twice.
    if (stoppingSince) {
      if (Date.now() - stoppingSince > 1000) process.exit(1);
      return;
    }
    stoppingSince = Date.now();
    server.close(async () => {
      await ownerChannel?.close();
      await dev?.close();
      reconciler.stop();
      parcels.stop();
      await closeLocal();
      await mail.stop();
      await watch.close();
      await database.close();
      process.exit(0);
    });
    // Keep-alive connections would hold close() open: after a grace period they are cut, and the
    // shop still closes its database and lets its folder go. (It used to exit here instead, and a
    // shop slow to close on a busy machine left its lock behind and PGlite unclosed.)
    setTimeout(() => server.closeAllConnections(), 3000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
