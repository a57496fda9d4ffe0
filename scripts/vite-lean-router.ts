/**
 * React Router's production build, with what keeps its unused parts in every shopper's download
 * taken out (issue 19, home's initial JavaScript; decisions 0027 and 0028). Two habits of that
 * build defeat tree-shaking:
 * - `Form.displayName = "Form";` after each component: a write the bundler must keep, and with it
 *   the component and all it calls (Form, useSubmit, useFormAction: the shop uses none of them);
 * - `var Form = React.forwardRef(...)`, `React.createContext(...)`, `React.memo(...)` unmarked: calls
 *   the bundler cannot know are free of effects, so they stay even when nothing reads the result.
 * displayName only names a component in React's developer tools, which production builds do not
 * serve; the three calls only make a value (1.3 KB of gzip). And branches only the router's
 * framework and server-components modes take are set to their data-mode answer (DATA_MODE_ONLY,
 * 3.3 KB). `vite-lean-router.test.ts` fails when a release no longer words a line as matched here,
 * so each is read again against the new code before it is trusted.
 */
import type { Plugin } from 'vite';

/** The router's production chunks, as its package ships them. */
export const ROUTER_BUILD = /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[A-Z0-9]+\.mjs$/;
const DISPLAY_NAME = /^[A-Za-z0-9_$]+\.displayName = "[A-Za-z_.]+";$/gm;
const VALUE_MAKER = /^(var [A-Za-z0-9_$]+ = )(React[0-9]*\.(?:forwardRef|createContext|memo)\()/gm;

/**
 * Branches for the router's framework and React Server Components modes, which a shop on
 * `createBrowserRouter` never takes, each set to the answer it always gives in data mode, so the
 * bundler leaves out what only that branch reaches.
 */
export const DATA_MODE_ONLY: [RegExp, string][] = [
  // Link's prefetching: [false, ref, {}] whenever there is no framework context (`usePrefetchBehavior`).
  [/let \[shouldPrefetch, prefetchRef, prefetchHandlers\] = usePrefetchBehavior\(\s*prefetch,\s*rest\s*\);/, 'let shouldPrefetch = false, prefetchRef = null, prefetchHandlers = {};'],
  // The unstable instrumentations option, which the shop does not pass.
  [/if \(init\.instrumentations\) \{/g, 'if (false) {'],
  // The error boundary's handling of server components' errors: its context is theirs.
  [/if \(this\.context\) \{\s*return \/\* @__PURE__ \*\/ React\d*\.createElement\(RSCErrorHandler, \{ error \}, result\);\s*\}/, ''],
  [/if \(this\.context && typeof error === "object"/, 'if (false && typeof error === "object"'],
];

/** The router's module as the shop builds it. */
export const leanRouterCode = (code: string) =>
  DATA_MODE_ONLY.reduce((out, [find, keep]) => out.replace(find, keep), code).replace(DISPLAY_NAME, '').replace(VALUE_MAKER, '$1/* @__PURE__ */ $2');

export function leanRouter(): Plugin {
  return {
    name: 'vastra-lean-router',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!ROUTER_BUILD.test(id)) return null;
      return { code: leanRouterCode(code), map: null };
    },
  };
}
