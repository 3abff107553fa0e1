import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The dependency direction of ARCHITECTURE.md, enforced on import paths (all imports in src/ are relative):
// app → features → (components, client) → shared; server → shared; sim → shared; a feature never imports
// another feature. Core `no-restricted-imports` with regex patterns needs no resolver (and no native binary).
const features = readdirSync('./src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

// The first folder an import climbs into: `../../client/x` → client. Same-folder files never match.
const folder = (names, minUps = 1) => `^(\\.\\./){${minUps},}(${names.join('|')})(/|$)`;
const restrict = (names, message, minUps = 1) => ({ regex: folder(names, minUps), message });
// shared/ has a features.ts of its own: from shared/<area>/x.ts a path reaches src/ only after two `../`,
// from shared/<area>/<sub>/x.ts after three.
const sharedRule = (minUps) => [
  restrict(
    ['app', 'features', 'components', 'client', 'server', 'sim', 'testing'],
    'shared/ imports nothing else in src/.',
    minUps,
  ),
];

const rules = {
  server: [restrict(['app', 'features', 'components', 'client', 'sim', 'testing'], 'The BFF depends on shared/ only.')],
  sim: [
    restrict(['app', 'features', 'components', 'client', 'server', 'testing'], 'Simulators depend on shared/ only.'),
  ],
  generic: [
    restrict(['server', 'sim', 'testing'], 'The SPA never imports the BFF or the simulators.'),
    restrict(['features', 'app'], 'Generic code never reaches up into features or the app shell.'),
  ],
  app: [restrict(['server', 'sim', 'testing'], 'The SPA never imports the BFF or the simulators.')],
};

function boundary(files, patterns) {
  return { files, rules: { 'no-restricted-imports': ['error', { patterns }] } };
}

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
  boundary(['src/shared/*/*'], sharedRule(2)),
  boundary(['src/shared/*/*/**'], sharedRule(3)),
  boundary(['src/server/**'], rules.server),
  boundary(['src/sim/**'], rules.sim),
  boundary(['src/components/**', 'src/client/**'], rules.generic),
  boundary(['src/app/**'], rules.app),
  ...features.map((name) =>
    boundary(
      [`src/features/${name}/**`],
      [
        ...rules.app,
        restrict(['app'], 'Features never import the app shell.'),
        ...(features.length > 1
          ? [
              restrict(
                features.filter((f) => f !== name),
                'A feature never imports another feature.',
              ),
            ]
          : []),
      ],
    ),
  ),
  // Exceptions, narrow on purpose: the process entry starts the embedded simulators in demo mode, and tests
  // (BFF tests, component tests and their plumbing) drive the real simulator.
  boundary(
    ['src/server/main.ts', 'src/server/**/*.test.ts'],
    [restrict(['app', 'features', 'components', 'client', 'testing'], 'The BFF never imports browser code.')],
  ),
  boundary(
    [
      'src/features/**/*.test.{ts,tsx}',
      'src/components/**/*.test.{ts,tsx}',
      'src/client/**/*.test.{ts,tsx}',
      'src/testing/**',
    ],
    [restrict(['app', 'server'], 'Tests use src/testing, never the app shell or the BFF.')],
  ),
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
              regex: folder(['shared']),
              allowTypeImports: true,
              message: 'The chat simulator runs its own reading of the API: no code from shared/.',
            },
          ],
        },
      ],
    },
  },
);
