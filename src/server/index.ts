import { boot } from './boot.ts';
import { describeUrl, DatabaseConnectError } from './db/client.ts';
import { ConfigError, loadConfig } from './env.ts';
import { listen } from './http/listen.ts';

async function main() {
  const config = loadConfig();
  console.log(
    config.databaseUrl
      ? `Database: PostgreSQL at ${describeUrl(config.databaseUrl)}`
      : `Database: embedded PGlite in ${config.dataDir}/pgdata`,
  );
  const { app, database, mail, reconciler } = await boot(config);
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

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DatabaseConnectError) console.error(err.message);
  else console.error('Vastra could not start:', err);
  process.exit(1);
});
