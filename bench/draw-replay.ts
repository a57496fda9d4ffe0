/**
 * The drawing alone, timed: a server build of the web app (dist/ssr, or another folder) draws the
 * pages bench/draw-record.ts recorded, their API answers replayed from memory, one after another.
 * Prints the CPU per drawing of each kind of page once warm (decision 0044), so two builds can be
 * compared run for run. `npx tsx bench/draw-replay.ts ANSWERS.json [dist/ssr] [warm] [timed]`
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ApiAnswer } from '../src/shared/in-process-api.ts';
import type { render as Render } from '../src/web/drawing/entry-server.tsx';

const [answersFile = 'draw-answers.json', ssrDir = 'dist/ssr', warm = '1500', timed = '1500'] = process.argv.slice(2);
const { pages, answers } = JSON.parse(fs.readFileSync(answersFile, 'utf8')) as { pages: string[]; answers: Record<string, ApiAnswer> };
const { render } = (await import(pathToFileURL(path.resolve(ssrDir, 'entry-server.js')).href)) as { render: typeof Render };
const api = (asked: string) => {
  const answer = answers[asked];
  return answer ? Promise.resolve(answer) : Promise.reject(new Error(`not recorded: ${asked}`));
};
const kindOf = (page: string) => (page.startsWith('/product/') ? 'product' : page);
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

async function draw(count: number, spent?: Map<string, { ms: number; n: number }>) {
  for (let i = 0; i < count; i++) {
    const page = pages[i % pages.length]!;
    const start = cpuMs();
    if (!(await render(`http://localhost${page}`, api, (error) => console.error(page, error)))) throw new Error(`${page} was not drawn`);
    if (!spent) continue;
    const kind = spent.get(kindOf(page)) ?? { ms: 0, n: 0 };
    spent.set(kindOf(page), { ms: kind.ms + cpuMs() - start, n: kind.n + 1 });
  }
}

await draw(Number(warm));
const spent = new Map<string, { ms: number; n: number }>();
const start = cpuMs();
await draw(Number(timed), spent);
const all = cpuMs() - start;
const each = [...spent].map(([kind, { ms, n }]) => `${kind} ${(ms / n).toFixed(3)}`).join(' ');
console.log(`ms of CPU per drawing: all ${(all / Number(timed)).toFixed(3)} ${each}`);
