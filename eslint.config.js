import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['.cache/**', 'build/**', 'public/build/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'channel-api/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='only']", message: 'No focused tests.' },
        { selector: "CallExpression[callee.property.name='skip']", message: 'No skipped tests.' },
      ],
    },
  },
  {
    // The web app reads a channel refusal with refusalOf (app/channel/refusal.server.ts): by its
    // status and its code, never by its English message, which the channel may reword. (The same
    // rule as above is restated: a later block replaces a rule's options, it does not add to them.)
    files: ['app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='only']", message: 'No focused tests.' },
        { selector: "CallExpression[callee.property.name='skip']", message: 'No skipped tests.' },
        ...[
          // error.message === '…', '…' !== error?.message
          "BinaryExpression[operator=/^[!=]==?$/] > MemberExpression[property.name='message']",
          "BinaryExpression[operator=/^[!=]==?$/] > ChainExpression > MemberExpression[property.name='message']",
          // error.message.includes('…'), .startsWith, .match, …
          "CallExpression > MemberExpression.callee[property.name=/^(includes|startsWith|endsWith|match|matchAll|search|indexOf|localeCompare)$/] > MemberExpression.object[property.name='message']",
          "CallExpression > MemberExpression.callee[property.name=/^(includes|startsWith|endsWith|match|matchAll|search|indexOf|localeCompare)$/] > ChainExpression > MemberExpression[property.name='message']",
          // /…/.test(error.message), MESSAGES.has(error.message), [..].includes(error.message)
          "CallExpression[callee.property.name=/^(test|exec|has|get|includes|indexOf)$/] > MemberExpression.arguments[property.name='message']",
          "CallExpression[callee.property.name=/^(test|exec|has|get|includes|indexOf)$/] > ChainExpression.arguments > MemberExpression[property.name='message']",
          // TABLE[error.message], switch (error.message)
          "MemberExpression[computed=true] > MemberExpression.property[property.name='message']",
          "SwitchStatement > MemberExpression.discriminant[property.name='message']",
        ].map((selector) => ({
          selector,
          message: 'A refusal is read by refusalOf(error).kind and .code (app/channel/refusal.server.ts), never by comparing its English message.',
        })),
      ],
    },
  },
  {
    // An integration test file starts what its tests use (a channel API, a shop, a media server, a
    // temp data dir) and looks up what they read in its fixture, which closes it after the last test
    // (docs/conventions.md, Tests): never in its own beforeAll/afterAll, never with the bare start.
    files: ['tests/integration/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'vitest',
              importNames: ['beforeAll', 'afterAll'],
              message:
                'Start and arrange in the file’s fixture: apiForThisFile(opts, arrange) (tests/integration/support/channel-api.ts), shopForThisFile(opts, arrange) (support/commerce.ts), or forThisFile(() => start…, { arrange }) (support/fixture.ts).',
            },
          ],
          patterns: [
            {
              group: ['**/channel-api/server.ts', '**/channel-api/server'],
              importNames: ['startChannelApi'],
              message:
                'Start the channel API with apiForThisFile(…) or startApi(…) (tests/integration/support/channel-api.ts; on data a command prepared: startApi({ data })), or shopForThisFile(…) (support/commerce.ts).',
            },
            {
              group: ['**/support/channel-api.ts'],
              importNames: ['startTestChannelApi'],
              message:
                'Start the channel API with apiForThisFile(…) or startApi(…) (tests/integration/support/channel-api.ts), or shopForThisFile(…) (support/commerce.ts): they add its client and accounts, and the fixture closes it.',
            },
          ],
        },
      ],
    },
  },
  {
    // No import cycles anywhere (web app, server, contract, channel API, tests): dependencies
    // point one way (docs/decisions/010).
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      // Read the imported modules with the TypeScript parser, so cycles through .ts files show.
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      // Packages are never parsed: a cycle runs through our files only (ignoreExternal below), and
      // reading the packages' type declarations (Stripe's, React's, …) took most of the lint.
      'import/ignore': ['node_modules'],
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      // Node built-ins, then packages, then our aliases (~/, #contract), then relative paths;
      // alphabetical inside each group. `eslint --fix` (npm run format) puts them in order.
      'import/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index']],
          pathGroups: [
            { pattern: '~/**', group: 'internal' },
            { pattern: '#contract{,/**}', group: 'internal' },
          ],
          pathGroupsExcludedImportTypes: ['builtin'],
          'newlines-between': 'never',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
    },
  },
  {
    // The channel API's layers (ADR 011): a route mounts contract endpoints and calls services; only
    // services reach the repositories and the tables.
    files: ['channel-api/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/repo/**', '**/db/**', '**/repo', '**/db'],
              message: 'A route calls a service (channel-api/services/<area>.ts); only services reach the repositories (docs/decisions/011).',
            },
          ],
        },
      ],
    },
  },
  {
    // Plyr and hls.js touch `document` and `self` when imported, and weigh ~220 KB gz: the watch
    // pages load them with import() after hydration (app/browser/enhance-video.ts), never statically.
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/**/*.d.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['plyr', 'hls.js', 'hls.js/light'].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'Load the player with import() after hydration (app/browser/enhance-video.ts): a static import breaks the server render.',
          })),
        },
      ],
    },
  },
);
