/**
 * The CSS-injection rewrites against the libraries as installed (docs/pages.md): sonner and
 * react-zoom-pan-pinch write their stylesheet into a <style> element the page's CSP refuses, and
 * scripts/vite/styles-as-files.ts takes that call out of their shipped code and turns its string
 * into a CSS file. A release that injects another way fails here, before a build ships screens the
 * browser refuses to style.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { INJECTED_STYLES, stylesAsFiles } from './styles-as-files.ts';

/** Each library's shipped module, as its package names it. */
const SHIPPED: Record<string, string> = {
  sonner: 'node_modules/sonner/dist/index.mjs',
  'react-zoom-pan-pinch': 'node_modules/react-zoom-pan-pinch/dist/index.esm.js',
};

const whatToDo = (name: string) =>
  `${name} no longer injects its CSS the way scripts/vite/styles-as-files.ts reads it: update its entry in INJECTED_STYLES to the release's call (or pin ${name} to the release before)`;

type Transform = (this: { error(message: string): never }, code: string, id: string) => string | undefined;

describe('styles the libraries inject, as the build takes them out (an internal the shop relies on)', () => {
  it('knows where every rewritten library ships its module', () => {
    expect(Object.keys(SHIPPED).sort()).toEqual(Object.keys(INJECTED_STYLES).sort());
  });

  it.each(Object.keys(INJECTED_STYLES))('finds %s injecting its CSS as expected, and leaves no injection behind', (name) => {
    const file = path.resolve(SHIPPED[name]!);
    expect(fs.existsSync(file), whatToDo(name)).toBe(true);
    const lib = INJECTED_STYLES[name]!;
    expect(lib.module.test(file), whatToDo(name)).toBe(true);
    const code = fs.readFileSync(file, 'utf8');
    expect(lib.call.test(code), whatToDo(name)).toBe(true);
    const plugin: Plugin = stylesAsFiles({ [name]: lib });
    const failing = { error: (message: string): never => expect.fail(`${message}. ${whatToDo(name)}`) };
    const out = (plugin.transform as Transform).call(failing, code, file)!;
    expect(out, whatToDo(name)).not.toMatch(lib.call);
    const sheet = `virtual:styles-as-files/${name}.css`;
    expect(out).toContain(`import ${JSON.stringify(sheet)};`);
    const css = (plugin.load as (id: string) => string | undefined)(sheet);
    // Real CSS: a rule with a declaration, not an empty string or a variable's name.
    expect(css, whatToDo(name)).toMatch(/[.\w\]-]+\s*\{[^}]*:[^}]*\}/);
  });
});
