import { DatabaseConnectError } from './db/client.ts';
import { ConfigError, loadConfig } from './env.ts';
import { StorageConnectError } from './storage/storage.ts';
import { startServer } from './start.ts';

startServer(loadConfig()).catch((err) => {
  if (err instanceof ConfigError || err instanceof DatabaseConnectError || err instanceof StorageConnectError) console.error(err.message);
  else console.error('Vastra could not start:', err);
  process.exit(1);
});
