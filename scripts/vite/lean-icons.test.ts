/**
 * The icon swap against lucide-react as installed (decision 0029): every icon module makes its
 * component the one way the swap replaces, and the shop's maker draws the very markup the
 * library's does, for every icon and the props the shop passes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import createLucideIcon, { type LucideIconData, type LucideIconProps } from '../../src/web/drawing/lucide-icon.ts';
import { leanIcons, LEAN_MAKER, LUCIDE_ICON, LUCIDE_MAKER } from './lean-icons.ts';

const dir = path.resolve('node_modules/lucide-react/dist/esm/icons');
const modules = fs
  .readdirSync(dir)
  .filter((name) => name.endsWith('.mjs') && name !== 'index.mjs')
  .map((name) => ({ file: path.join(dir, name), code: fs.readFileSync(path.join(dir, name), 'utf8') }));
const makers = modules.filter((m) => m.code.includes('__iconData'));

/** Each name lucide-react exports, with its module (its index: `export { default as Truck, … } from './icons/truck.mjs';`). */
const moduleOf = new Map<string, string>();
for (const [, names, file] of fs.readFileSync(path.resolve('node_modules/lucide-react/dist/esm/lucide-react.mjs'), 'utf8').matchAll(/^export \{ ([^}]+) \} from '\.\/icons\/([a-z0-9-]+\.mjs)';$/gm)) {
  for (const name of names!.split(', ')) moduleOf.set(name.replace(/^default as /, ''), path.join(dir, file!));
}

/** The icons the shop draws: every name its sources import from lucide-react. */
function shopIcons(): string[] {
  const names = new Set<string>();
  for (const entry of fs.readdirSync(path.resolve('src'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const code = fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const [, list] of code.matchAll(/import \{([^}]+)\} from 'lucide-react'/g)) {
      for (const part of list!.split(',')) {
        const name = part.trim().split(/\s+as\s+/)[0]!;
        if (name && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  return [...names];
}

const PROPS: LucideIconProps[] = [
  {},
  { className: 'h-4 w-4 shrink-0 text-gold-700' },
  { className: ' lucide  h-4\tw-4 h-4 ' },
  { size: 18, strokeWidth: 1.5 },
  { size: '20', absoluteStrokeWidth: true },
  { width: 20, height: 10, strokeWidth: 3, absoluteStrokeWidth: true, color: '#b45309' },
  { 'aria-label': 'Close', role: 'img' },
  { 'aria-hidden': false, focusable: 'false', style: { marginTop: 2 } },
  { nonScalingStroke: true, className: 'x' },
  { children: createElement('title', null, 'Delivery') },
];

/** Said by every failure: the release changed lucide's internal maker, and what to do. */
const WHAT_TO_DO =
  "lucide-react's internal createLucideIcon.mjs / __iconData changed: bring src/web/drawing/lucide-icon.ts to the release's maker, or take leanIcons() out of vite.config.ts and vite.ssr.config.ts (decision 0029)";

describe(`lucide-react icons as the shop builds them (an internal the shop relies on; on failure: ${WHAT_TO_DO})`, () => {
  it('finds every icon module making its component with the maker the swap replaces, or naming another icon', () => {
    expect(makers.length).toBeGreaterThan(1000);
    for (const { file, code } of modules) {
      expect(LUCIDE_ICON.test(file), file).toBe(true);
      if (code.includes('__iconData')) {
        expect(code, file).toContain(`import createLucideIcon from '${LUCIDE_MAKER}';`);
        expect(code, file).toMatch(/= createLucideIcon\(__iconData\);/);
      } else {
        expect(code, file).toMatch(/^export \{ default \} from '\.\/[a-z0-9-]+\.mjs';$/m);
      }
    }
  });

  it("sends only the icon modules' maker to the shop's", async () => {
    const plugin = leanIcons();
    const resolve = plugin.resolveId as (source: string, importer?: string) => string | null;
    expect(resolve(LUCIDE_MAKER, makers[0]!.file)).toBe(LEAN_MAKER);
    expect(fs.existsSync(LEAN_MAKER)).toBe(true);
    expect(resolve(LUCIDE_MAKER, path.resolve('src/web/main.tsx'))).toBeNull();
    expect(resolve('./Icon.mjs', makers[0]!.file)).toBeNull();
  });

  it("draws the library's markup for every icon the shop uses, with the props it passes and more", async () => {
    const icons = shopIcons();
    expect(icons.length).toBeGreaterThan(40);
    let compared = 0;
    for (const name of icons) {
      const file = moduleOf.get(name);
      expect(file, `${name} is not an icon lucide-react exports`).toBeDefined();
      // An alias's module only passes its icon's component on: the icon's own module has the data.
      const own = /^export \{ default \} from '\.\/([a-z0-9-]+\.mjs)';$/m.exec(fs.readFileSync(file!, 'utf8'));
      const mod = (await import(pathToFileURL(own ? path.join(dir, own[1]!) : file!).href)) as { default: ComponentType<LucideIconProps>; __iconData: LucideIconData };
      const Lean = createLucideIcon(mod.__iconData);
      for (const props of PROPS) {
        expect(renderToStaticMarkup(createElement(Lean, props)), `${name} ${JSON.stringify(props)}`).toBe(
          renderToStaticMarkup(createElement(mod.default, props)),
        );
        compared++;
      }
    }
    expect(compared).toBe(icons.length * PROPS.length);
  });
});
