import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The dependency direction of ARCHITECTURE.md, enforced: app → features → (components, client) → shared;
// server → shared; sim → shared; a feature never imports another feature.
const zones = [
  {
    target: './src/shared',
    from: [
      './src/app',
      './src/features',
      './src/components',
      './src/client',
      './src/server',
      './src/sim',
      './src/testing',
    ],
    message: 'shared/ imports nothing else in src/.',
  },
  {
    target: './src/server',
    from: ['./src/app', './src/features', './src/components', './src/client', './src/testing'],
    message: 'The BFF never imports browser code.',
  },
  {
    target: './src/sim',
    from: ['./src/app', './src/features', './src/components', './src/client', './src/server', './src/testing'],
    message: 'Simulators depend on shared/ only.',
  },
  {
    target: ['./src/app', './src/features', './src/components', './src/client'],
    from: ['./src/server', './src/sim'],
    message: 'The SPA never imports the BFF or the simulators (tests use src/testing).',
    except: [],
  },
  {
    target: ['./src/components', './src/client'],
    from: ['./src/features', './src/app'],
    message: 'Generic code never reaches up into features or the app shell.',
  },
  { target: './src/features', from: './src/app', message: 'Features never import the app shell.' },
];

const featureNames = readdirSync('./src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const featureIsolation = featureNames.map((name) => ({
  target: `./src/features/${name}`,
  from: './src/features',
  except: [`./${name}`],
  message: 'A feature never imports another feature.',
}));

export default tseslint.config(
  { ignores: ['.ci/.node', 'dist', 'node_modules', 'playwright-report', 'test-results', 'bench/results', '.data'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': ['error', { zones: [...zones, ...featureIsolation] }],
    },
  },
  {
    // Playwright fixtures are called `use` but are not React hooks.
    files: ['e2e/**', 'bench/**', 'scripts/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/testing/**'],
    rules: {
      // Component tests render the real simulator behind msw.
      'import-x/no-restricted-paths': ['error', { zones: [zones[0], zones[1], zones[2], ...featureIsolation] }],
    },
  },
);
