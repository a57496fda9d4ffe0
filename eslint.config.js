/**
 * ESLint: TypeScript's recommended rules, React's hook rules, and the import boundaries that keep
 * design.md's layout honest (run by `npm test`). Boundaries are checked on resolved files
 * (import-x's no-restricted-paths), so `../web/x` from the server's own web folder is told apart
 * from the web app:
 * - src/shared imports neither Node nor the DOM, nor the server or the web app;
 * - the server never imports the web app, and the web app never imports the server or Node;
 * - a feature never imports another feature; shared components and lib never import a feature
 *   or a route (routes compose features).
 */
import fs from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = fs.readdirSync('src/web/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

const zones = [
  { target: './src/shared', from: ['./src/server', './src/web'], message: 'src/shared runs on both sides: it imports neither the server nor the web app.' },
  { target: './src/server', from: './src/web', message: 'The server never imports the web app.' },
  { target: './src/web', from: './src/server', message: 'The web app never imports the server: it calls its API.' },
  {
    target: ['./src/web/components', './src/web/lib'],
    from: ['./src/web/features', './src/web/routes'],
    message: 'Shared components and lib never import a feature or a route: take what they need as props.',
  },
  { target: './src/web/features', from: './src/web/routes', message: 'Only the router imports routes.' },
  // Issue 16: the catalog's module owns every product write, the stock module every count and ledger row.
  {
    target: ['./src/server/modules/!(catalog)/**', './src/server/!(modules)/**', './src/server/*.ts'],
    from: './src/server/modules/catalog/*.queries.ts',
    message: "Products are written by the catalog's module: call its service.",
  },
  {
    target: ['./src/server/modules/!(stock)/**', './src/server/!(modules)/**', './src/server/*.ts'],
    from: './src/server/modules/stock/*.queries.ts',
    message: 'Stock and its ledger change only through the stock module: call its service.',
  },
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
              // Taken out of the shop's build of the router (scripts/vite-lean-router.ts, decision 0031).
              importNames: ['useFetcher', 'useFetchers', 'Form', 'useSubmit', 'useFormAction', 'useActionData', 'useBlocker', 'unstable_usePrompt', 'useViewTransitionState'],
              message: "Not in the shop's build of React Router (scripts/vite-lean-router.ts): the shop's forms post to its API through TanStack's mutations.",
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
    // TEMPORARY (issue 47): these two services are being split in another branch; remove this
    // override when that lands.
    files: ['src/server/modules/checkout/checkout.service.ts', 'src/server/modules/orders/orders.service.ts'],
    rules: { 'max-lines-per-function': 'off' },
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
