import { DatabaseConnectError } from './db/client.ts';
import { ConfigError, loadConfig } from './env.ts';
import { startServer } from './start.ts';

startServer(loadConfig()).catch((err) => {
  if (err instanceof ConfigError || err instanceof DatabaseConnectError) console.error(err.message);
  else console.error('Vastra could not start:', err);
  process.exit(1);
});
