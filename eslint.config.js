/**
 * ESLint: TypeScript's recommended rules, React's hook rules, and the import boundaries that keep
 * design.md's layout honest (run by `npm test`). Boundaries are checked on resolved files
 * (import-x's no-restricted-paths), so `../web/x` from the server's own web folder is told apart
 * from the web app:
 * - src/shared imports neither Node nor the DOM, nor the server or the web app;
 * - the server never imports the web app, and the web app never imports the server or Node;
 * - a feature never imports another feature; shared components and lib never import a feature
 *   or a route (routes compose features);
 * - nothing outside a server module imports its *.queries.ts: other modules, compose.ts and the
 *   tools call its service.
 */
import fs from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const folders = (dir) => fs.readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const features = folders('src/web/features');
const modules = folders('src/server/modules');

const zones = [
  { target: './src/shared', from: ['./src/server', './src/web'], message: 'src/shared runs on both sides: it imports neither the server nor the web app.' },
  { target: './src/server', from: './src/web', message: 'The server never imports the web app.' },
  { target: './src/web', from: './src/server', message: 'The web app never imports the server: it calls its API.' },
  {
    target: ['./src/web/components', './src/web/lib', './src/web/drawing'],
    from: ['./src/web/features', './src/web/routes'],
    message: 'Shared components and lib never import a feature or a route: take what they need as props.',
  },
  { target: './src/web/features', from: './src/web/routes', message: 'Only the router imports routes.' },
  // A module's tables are its own (design.md habit 1, issue 47): another module, the composition and
  // the tools reach them only through its service. (Issue 16 began it for the catalog and stock.)
  ...modules.map((module) => ({
    target: [`./src/server/modules/!(${module})/**`, './src/server/!(modules)/**', './src/server/*.ts', './bench', './e2e', './scripts'],
    from: `./src/server/modules/${module}/*.queries.ts`,
    message: `The ${module} module's queries are its own: call its service.`,
  })),
  ...features.map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: compose them in a route.',
  })),
];

const NODE_AND_DOM = 'src/shared runs on both sides: it uses neither the DOM nor Node.';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'lighthouse-reports/', 'data/', 'screenshots/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // The plain JavaScript that runs on Node as it is (the production launcher, the lock it shares with the server).
    files: ['**/*.{js,mjs}'],
    languageOptions: {
      globals: Object.fromEntries(
        ['process', 'console', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Buffer', 'URL', 'Atomics', 'SharedArrayBuffer'].map((name) => [name, 'readonly']),
      ),
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^node:', message: 'Node modules belong to the server and tools.' },
            { regex: '^zod$', message: "Import z from src/shared/zod.ts (jitless): zod's eval probe breaks the CSP." },
          ],
          paths: [
            {
              name: 'react-router',
              // Taken out of the shop's build of the router (scripts/vite/lean-router.ts, decision 0031).
              importNames: ['useFetcher', 'useFetchers', 'Form', 'useSubmit', 'useFormAction', 'useActionData', 'useBlocker', 'unstable_usePrompt', 'useViewTransitionState'],
              message: "Not in the shop's build of React Router (scripts/vite/lean-router.ts): the shop's forms post to its API through TanStack's mutations.",
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 47: no function over 120 lines, counted as written (blank lines and comments too), so
    // each step a service or screen names is a function of its own. The seed's drawings are
    // pictures, not steps; a test file's describe block is a list of cases.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/server/db/seed/images/svg/**'],
    rules: { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: false, skipComments: false, IIFEs: true }] },
  },
  {
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/**/*.test.ts', 'src/shared/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^node:', message: NODE_AND_DOM },
            // zod straight from the package would probe with eval, which the pages' CSP reports.
            { regex: '^zod$', message: "Import z from './zod.ts' (jitless)." },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'history', 'process', 'Buffer'].map((name) => ({
          name,
          message: NODE_AND_DOM,
        })),
      ],
    },
  },
);
