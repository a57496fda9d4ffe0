/**
 * npm run dev: the API with reload on change (port 3000) and Vite's dev server (port 5173) with hot
 * reload, which forwards /api and /images to the API.
 */
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/index.ts'], {
    stdio: 'inherit',
    // Pages are drawn in the browser here (Vite's page on 5173): dist/ssr may be older than the sources.
    env: { DRAW_ON_SERVER: 'false', ...process.env, NODE_ENV: 'development' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];

const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && stop());
