import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The dependency direction of ARCHITECTURE.md, checked on RESOLVED paths (import-x/no-restricted-paths), so a
// path written another way (`./../channels/x`, `../../features/channels/x`, `import('../channels/x')`, a
// re-export) is caught as well: app → features → (components, client) → shared; server → shared;
// sim → shared; a feature never imports another feature, its tests included.
// Every zone lives in ONE rule entry applied to all of src/: a later config object with the same rule would
// replace it (that is how feature tests once escaped the feature rule), so exceptions are target globs here.
const features = readdirSync('./src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const src = (...names) => names.map((n) => `./src/${n}`);
const spa = ['app', 'features', 'components', 'client'];
// Non-test files of the SPA; tests and their plumbing (src/testing) are the only ones that may reach the simulators.
const spaSources = `./src/{${spa.join(',')}}/**/!(*.test).{ts,tsx}`;
// The BFF's own code: not its tests, not its test plumbing, not main.ts (which starts the embedded demo).
const serverSources = [
  './src/server/!(main|*.test).ts',
  './src/server/!(test-support|hardening)/**/!(*.test).ts',
  './src/server/hardening/!(harness|samples|*.test).ts',
];

const zones = [
  {
    target: src('shared'),
    from: src('app', 'features', 'components', 'client', 'server', 'sim', 'testing', 'build'),
    message: 'shared/ imports nothing else in src/.',
  },
  {
    target: src('server'),
    from: src('app', 'features', 'components', 'client', 'testing', 'build'),
    message: 'The BFF never imports browser code or the SPA test plumbing.',
  },
  { target: serverSources, from: src('sim'), message: 'The BFF depends on shared/ only.' },
  {
    target: src('sim'),
    from: src('app', 'features', 'components', 'client', 'server', 'testing', 'build'),
    message: 'Simulators depend on shared/ only.',
  },
  {
    target: src(...spa),
    from: src('server', 'build'),
    message: 'The SPA and its tests never import the BFF.',
  },
  {
    // The component-test harness puts the real BFF behind msw, through the BFF's own test harness only.
    target: src('testing'),
    from: src('server', 'build'),
    except: ['./test-support'],
    message: 'The test harness reaches the BFF through server/test-support only.',
  },
  {
    target: spaSources,
    from: src('sim', 'testing'),
    message: 'The SPA never imports the simulators or test plumbing.',
  },
  {
    target: src('components', 'client', 'testing'),
    from: src('features', 'app'),
    message: 'Generic code never reaches up into features or the app shell.',
  },
  { target: src('features'), from: src('app'), message: 'Features never import the app shell.' },
  ...features.map((name) => ({
    target: src(`features/${name}`),
    from: src('features'),
    except: [`./${name}`],
    message: 'A feature never imports another feature.',
  })),
];

// shared/ runs in the browser and in Node alike: no Node built-ins, no UI libraries (tsconfig.shared.json checks
// globals the same way). Tests beside it run in Node and may use Node.
const sharedPackages = {
  patterns: [
    { regex: '^node:', message: 'shared/ runs in the browser too: no Node built-ins.' },
    {
      // An allow-list: contracts need zod, and url-template expands linkifier URLs the way the chat server does.
      regex: '^(?!\\.|zod(/|$)|url-template$|node:)',
      message: 'shared/ holds contracts only: zod and url-template, no UI, server or Node libraries.',
    },
  ],
};

/**
 * Node's built-in modules, by either spelling (`node:fs`, `fs`, `fs/promises`): code the browser runs cannot load
 * them, and a bundler would only fail (or quietly stub them) at build time.
 */
const nodeBuiltins = {
  patterns: [
    {
      regex: `^(node:|(${builtinModules.filter((m) => !m.startsWith('_')).join('|')})(/|$))`,
      message: 'This code runs in the browser: no Node built-ins (node:*, fs, path, child_process…).',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '.ci/.node',
      'dist',
      'node_modules',
      'playwright-report',
      'test-results',
      'bench/results',
      '.data',
      'screenshots',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these import-x parses only .js files, and no-cycle sees no TypeScript dependency at all.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/external-module-folders': ['node_modules'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones }],
      // An import the resolver cannot follow would slip past the zones above.
      'import-x/no-unresolved': ['error', { ignore: ['^virtual:', '\\?(raw|url|inline)$'] }],
      // Static cycles only: a lazy route chunk (`() => import('./shell-route')`) that imports the preload table
      // back is a split point, evaluated after both modules exist, not an initialization-order cycle.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', sharedPackages] },
  },
  {
    // One form pattern: every form of the SPA is built with useOpForm (src/client/op-form.ts), which validates
    // with the catalog's schema and puts the server's refusal on its field; Mantine's useForm only inside it.
    files: ['src/{app,features,components}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mantine/form',
              importNames: ['useForm', 'createFormContext'],
              message: 'Build forms with useOpForm from src/client/op-form.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // Browser code: the SPA and the shared contracts it bundles. The typescript-eslint rule, not the core one the
    // blocks above configure, so that neither block's options replace the other's (tests run in Node: left out).
    files: ['src/{app,features,components,client}/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', nodeBuiltins] },
  },
  {
    // Configuration is read from the environment in one place: the BFF's config.ts (and the test helpers that
    // choose a database or fuzz depth).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/config.ts', 'src/server/store/test-databases.ts', 'src/server/hardening/fuzz.test.ts'],
    rules: { 'no-process-env': 'error' },
  },
  {
    files: ['src/**', 'e2e/**', 'bench/**', 'scripts/**'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs,cjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{src,e2e,bench,scripts}/**/': 'KEBAB_CASE' }],
    },
  },
  {
    // Playwright fixtures are called `use` but are not React hooks.
    files: ['e2e/**', 'bench/**', 'scripts/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // The chat simulator follows the real server, not the console: it runs none of the console's code (no
    // schema, checker or constant from shared/), so a misreading of the API in the console cannot be
    // mirrored by the simulator. Types only may be named (they check nothing at run time).
    files: ['src/sim/svc/**'],
    ignores: ['src/sim/svc/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+shared(/|$)',
              allowTypeImports: true,
              message: 'The chat simulator runs its own reading of the API: no code from shared/.',
            },
          ],
        },
      ],
    },
  },
);
