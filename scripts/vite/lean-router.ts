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
 * 3.3 KB). The router's features the shop never uses are taken out, each failing loudly if it is
 * ever asked for (NOT_IN_THE_SHOP, 5.5 KB; decision 0031). `lean-router.test.ts` fails when a
 * release no longer words a line as matched here, so each is read again against the new code
 * before it is trusted.
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

/**
 * What a feature taken out (NOT_IN_THE_SHOP) does if it is asked for after all: it says so and
 * where, rather than doing nothing. ESLint keeps the hooks and components that reach them out of
 * src/web (eslint.config.js), so this is for what a lint rule cannot see.
 */
const BUILT_OUT = 'leanRouterBuiltOut';
const BUILT_OUT_CODE = `function ${BUILT_OUT}() { throw new Error("Not in the shop's build of React Router: see scripts/vite/lean-router.ts"); }\n`;

/**
 * The router's features the shop does not use, taken out of its build (decision 0031). The
 * bundler keeps them because the router object, or a branch every navigation passes, refers to
 * them. Each is cut where the router reaches it, so what only it calls goes too:
 * - fetchers (`useFetcher`, `useFetchers`), form submissions and route actions (`<Form>`,
 *   `useSubmit`, `navigate` with a body): the shop's forms post to its API with TanStack's
 *   mutations; no route has an `action`;
 * - blockers (`useBlocker`, `unstable_usePrompt`);
 * - routes found during navigation (`patchRoutesOnNavigation`, `router.patchRoutes`): the route
 *   table is whole from the start (src/web/router.tsx);
 * - route middleware on the client and a custom `dataStrategy`'s `runClientMiddleware`;
 * - view transitions (`viewTransition` on a link or a navigation): without them the page changes
 *   as in a browser that has none;
 * - hydration data read from `window.__staticRouterHydrationData`, which nothing writes: the
 *   shop hands the router its own (src/web/main.tsx);
 * - the router's console warnings, as React's production build has none; `npm run dev` still
 *   shows them (this transform runs for builds only).
 */
export const NOT_IN_THE_SHOP: [RegExp, string][] = [
  // Fetchers: the router's entry for them; their loaders, actions and revalidation go with it.
  [/ {4}fetch: fetch2,\n/, `    fetch: ${BUILT_OUT},\n`],
  // Submissions: a navigation with a body throws; without one it is the path, as before.
  [
    /function normalizeNavigateOptions\(isFetcher, path, opts\) \{\n {2}if \(!opts \|\| !isSubmissionNavigation\(opts\)\) \{\n {4}return \{ path \};\n {2}\}/,
    `function normalizeNavigateOptions(isFetcher, path, opts) {\n  if (opts && isSubmissionNavigation(opts)) ${BUILT_OUT}();\n  return { path };`,
  ],
  // Route actions: only a submission reaches them, and none is made.
  [
    /\} else if \(opts && opts\.submission && isMutationMethod\(opts\.submission\.formMethod\)\) \{\n {6}let actionResult = await handleAction\(/,
    '} else if (false) {\n      let actionResult = await handleAction(',
  ],
  // Routes found during navigation: never active without patchRoutesOnNavigation, which throws if given.
  [
    / {2}function checkFogOfWar\(matches, routesToUse, pathname\) \{\n {4}if \(init\.patchRoutesOnNavigation\) \{/,
    `  function checkFogOfWar(matches, routesToUse, pathname) {\n    if (init.patchRoutesOnNavigation) ${BUILT_OUT}();\n    if (false) {`,
  ],
  [/ {4}let shouldUpdateNavigationState = !isUninterruptedRevalidation && !initialHydration;\n {4}if \(isFogOfWar\) \{/, '    let shouldUpdateNavigationState = !isUninterruptedRevalidation && !initialHydration;\n    if (false) {'],
  [/ {4}patchRoutes,\n {4}_internalFetchControllers/, `    patchRoutes: ${BUILT_OUT},\n    _internalFetchControllers`],
  // Blockers: none can be made, so no navigation is ever blocked.
  [/ {4}getBlocker,\n {4}deleteBlocker,\n/, `    getBlocker: ${BUILT_OUT},\n    deleteBlocker: ${BUILT_OUT},\n`],
  [/ {4}if \(blockerFunctions\.size === 0\) \{\n {6}return;\n {4}\}/, '    return;'],
  [/ {8}if \(blockerKey && delta != null\) \{/, '        if (false) {'],
  [/ {4}if \(blockerKey\) \{\n {6}updateBlocker\(blockerKey, \{/, '    if (false) {\n      updateBlocker(blockerKey, {'],
  // Client middleware: a route with some throws; a custom dataStrategy's runner throws.
  [
    /async function defaultDataStrategyWithMiddleware\(args\) \{\n {2}if \(!args\.matches\.some\(\(m\) => m\.route\.middleware\)\) \{/,
    `async function defaultDataStrategyWithMiddleware(args) {\n  if (args.matches.some((m) => m.route.middleware)) ${BUILT_OUT}();\n  if (true) {`,
  ],
  [/ {2}let runClientMiddleware = isStaticHandler \? \(\) => \{/, `  let runClientMiddleware = true ? ${BUILT_OUT} : isStaticHandler ? () => {`],
  // View transitions: none is asked for, none is remembered across page loads.
  [
    / {4}let viewTransitionOpts;\n {4}if \(pendingAction === "POP" \/\* Pop \*\/ && !isUninterruptedRevalidation && location !== state\.location\) \{/,
    '    let viewTransitionOpts;\n    if (false) {',
  ],
  [/ {4}\} else if \(pendingViewTransitionEnabled\) \{/, '    } else if (false) {'],
  [/ {4}if \(isBrowser3\) \{\n {6}restoreAppliedTransitions\(/, '    if (false) {\n      restoreAppliedTransitions('],
  [/ {6}if \(!viewTransitionOpts \|\| !isViewTransitionAvailable\) \{/, '      if (true) {'],
  // Hydration data: the shop's own, or none.
  [/hydrationData: opts\?\.hydrationData \|\| parseHydrationData\(\),/g, 'hydrationData: opts?.hydrationData,'],
  // The error for a `to` object whose pathname holds a '?' or '#' (the shop's links are strings), in fewer words: 0.1 KB of gzip.
  [/return `Cannot include a '\$\{char\}'[\s\S]*?and the router will parse it for you\.`;/, "return `Cannot include a '${char}' in to.${field}: move it to to.${dest}`;"],
  // Console warnings.
  [/function warning\(cond, message\) \{\n {2}if \(!cond\) \{/, 'function warning(cond, message) {\n  if (false) {'],
  [/function warnOnce\(condition, message\) \{\n {2}if \(!condition && !alreadyWarned2\[message\]\) \{/, 'function warnOnce(condition, message) {\n  if (false) {'],
];

const replaced = (code: string, changes: [RegExp, string][]) => changes.reduce((out, [find, keep]) => out.replace(find, keep), code);

/** The router's module as the shop builds it. */
export const leanRouterCode = (code: string) =>
  BUILT_OUT_CODE + replaced(replaced(code, DATA_MODE_ONLY), NOT_IN_THE_SHOP).replace(DISPLAY_NAME, '').replace(VALUE_MAKER, '$1/* @__PURE__ */ $2');

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
