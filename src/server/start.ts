/**
 * Starts the shop: boot (database, migrations, demo catalog), the mail sender, the payments'
 * reconcile timer and the HTTP server, and stops them all on SIGINT or SIGTERM.
 */
import { boot } from './boot.ts';
import { describeUrl } from './db/client.ts';
import type { AppConfig } from './env.ts';
import { listen } from './http/listen.ts';

type Booted = Awaited<ReturnType<typeof boot>>;

/** `beforeListen` runs on the booted shop before it takes requests (the browser tests make their store owner there). */
export async function startServer(config: AppConfig, beforeListen?: (shop: Booted) => Promise<void>) {
  console.log(
    config.databaseUrl
      ? `Database: PostgreSQL at ${describeUrl(config.databaseUrl)}`
      : `Database: embedded PGlite in ${config.dataDir}/pgdata`,
  );
  const shop = await boot(config);
  const { app, database, mail, reconciler } = shop;
  await beforeListen?.(shop);
  mail.start();
  reconciler.start();
  if (!config.razorpay) console.log('Payments: TEST MODE (no Razorpay keys): checkout runs offline and takes no money.');
  const server = listen(app.fetch, config.port, config.host, () => {
    console.log(`Vastra is open at ${config.publicUrl ?? `http://localhost:${config.port}`}`);
  });
  server.on('error', async (err: NodeJS.ErrnoException) => {
    console.error(err.code === 'EADDRINUSE' ? `Port ${config.port} is already in use; set PORT to another.` : err.message);
    await database.close();
    process.exit(1);
  });
  const stop = () => {
    server.close(async () => {
      reconciler.stop();
      await mail.stop();
      await database.close();
      process.exit(0);
    });
    // Keep-alive connections would hold close() open; do not wait for them for ever.
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
