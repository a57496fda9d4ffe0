/**
 * React DOM's Bun build of its streaming renderer, run under Node, an internal the shop relies on
 * (docs/pages.md): src/web/drawing/draw-to-string.ts draws every page on the server with it, since it
 * hands each piece over as a string where the Node build encodes it into bytes (decision 0037). A
 * release that drops it, or makes it need what Node lacks, fails here, saying what to do.
 * draw-to-string.test.ts holds that it draws React's own markup.
 */
import fs from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
const BUN_BUILD_GONE =
  "React DOM's Bun build (react-dom/server.bun) is no longer what src/web/drawing/draw-to-string.ts relies on: draw with react-dom/server.node's renderToPipeableStream into a Writable there (decision 0037), or pin react-dom to the release before";

describe("React DOM's Bun build of its streaming renderer, run under Node (an internal the shop relies on)", () => {
  const require = createRequire(import.meta.url);
  const pkg = path.dirname(require.resolve('react-dom/package.json'));

  it('is exported, and its production build needs nothing Node lacks', () => {
    const exports = (JSON.parse(fs.readFileSync(path.join(pkg, 'package.json'), 'utf8')) as { exports: Record<string, unknown> }).exports;
    expect(exports['./server.bun'], BUN_BUILD_GONE).toBeDefined();
    const build = path.join(pkg, 'cjs', 'react-dom-server.bun.production.js');
    expect(fs.existsSync(build), BUN_BUILD_GONE).toBe(true);
    const needs = [...fs.readFileSync(build, 'utf8').matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]!);
    expect(needs.filter((name) => !['react', 'react-dom'].includes(name) && !builtinModules.includes(name)), BUN_BUILD_GONE).toEqual([]);
  });

  it('writes each piece to its destination as a string', async () => {
    const { renderToPipeableStream } = await import('react-dom/server.bun');
    const pieces = await new Promise<unknown[]>((resolve, reject) => {
      const written: unknown[] = [];
      const destination = { write: (piece: unknown) => written.push(piece) > 0, end: () => resolve(written), destroy: reject, on: () => destination };
      const { pipe } = renderToPipeableStream(h('p', null, 'Banarasi'), { onAllReady: () => pipe(destination as unknown as NodeJS.WritableStream), onShellError: reject });
    });
    expect(pieces.length).toBeGreaterThan(0);
    for (const piece of pieces) expect(typeof piece, BUN_BUILD_GONE).toBe('string');
  });
});
