/**
 * npm run dev: the shop at http://localhost:3000 from its sources, in one process
 * (src/server/dev-server.ts): Vite inside the server for the web app's hot reload, and a restart
 * of the process when the server's own code changes (tsx watch; the web app's files are Vite's).
 */
import { spawn } from 'node:child_process';

const child = spawn('npx', ['tsx', 'watch', '--clear-screen=false', '--exclude', 'src/web/**', 'src/server/dev-server.ts'], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'development' },
});

const stop = () => {
  child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => process.exit(code ?? 0));
