/**
 * Some libraries write their stylesheet into a <style> element when they load. The shop's strict
 * Content-Security-Policy refuses that (it allows styles from our origin, and <style> elements
 * stamped with the page's nonce, which these libraries cannot do: sonner issue 449). Their CSS is a
 * fixed string in their code, so at build time this plugin takes the call out and turns the string
 * into a CSS file of the build, loaded with the library's chunk like any other stylesheet.
 *
 * If a library changes how it injects, the build fails here rather than shipping screens the
 * browser refuses to style. npm run dev serves pages under the same CSP, so it applies there too:
 * vite.config.ts keeps these libraries out of Vite's dependency pre-bundling, whose output no
 * plugin transforms.
 */
import type { Plugin } from 'vite';

interface InjectedStyle {
  /** The library's module, as a path ending. */
  module: RegExp;
  /** The statement that injects the CSS; group 1 is a string literal or the name of a variable holding one. */
  call: RegExp;
}

export const INJECTED_STYLES: Record<string, InjectedStyle> = {
  // Toasts.
  sonner: { module: /[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.mjs$/, call: /^__insertCSS\(("(?:[^"\\]|\\.)*")\);?$/m },
  // The product gallery's zoom.
  'react-zoom-pan-pinch': {
    module: /[\\/]node_modules[\\/]react-zoom-pan-pinch[\\/]dist[\\/]index\.esm\.js$/,
    call: /^styleInject\((\w+)\);?$/m,
  },
};

const PREFIX = 'virtual:styles-as-files/';

/** The CSS a string literal, or a `var name = "..."` declaration in `code`, holds. */
function cssOf(code: string, arg: string): string | undefined {
  const literal = arg.startsWith('"') ? arg : new RegExp(`^var ${arg} = ("(?:[^"\\\\]|\\\\.)*");$`, 'm').exec(code)?.[1];
  if (!literal) return undefined;
  try {
    return JSON.parse(literal) as string;
  } catch {
    return undefined;
  }
}

export function stylesAsFiles(libraries: Record<string, InjectedStyle>): Plugin {
  const css = new Map<string, string>();
  return {
    name: 'vastra-styles-as-files',
    enforce: 'pre',
    resolveId: (id) => (id.startsWith(PREFIX) ? id : undefined),
    load: (id) => (id.startsWith(PREFIX) ? css.get(id) : undefined),
    transform(code, id) {
      // In npm run dev a module's id may carry a query (?v=...).
      const file = id.split('?')[0]!;
      const entry = Object.entries(libraries).find(([, lib]) => lib.module.test(file));
      if (!entry) return undefined;
      const [name, lib] = entry;
      const match = lib.call.exec(code);
      const text = match ? cssOf(code, match[1]!) : undefined;
      if (text === undefined) {
        this.error(`${name} no longer injects its CSS the way scripts/vite/styles-as-files.ts expects: update INJECTED_STYLES`);
      }
      const sheet = `${PREFIX}${name}.css`;
      css.set(sheet, text);
      // A function, so `$&` and friends in the library's code are never read as replacement patterns.
      return `${code.replace(lib.call, () => '')}\nimport ${JSON.stringify(sheet)};\n`;
    },
  };
}
