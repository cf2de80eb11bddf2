// Flat config. The one architectural rule that lint enforces: pure networking logic
// (`src/**/logic/`, `src/**/model/`) imports no UI framework, SDK, i18n or data-fetching library,
// so it runs unchanged in the browser, the sandbox cluster, the CLI and the unit tests.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';

const pureCoreBan = {
  patterns: [
    {
      group: [
        'react',
        'react-dom',
        'react/*',
        'react-dom/*',
        '@patternfly/*',
        '@openshift-console/*',
        'i18next',
        'react-i18next',
        '@tanstack/*',
        'react-router',
      ],
      message:
        'logic/ and model/ are framework-free: no React, PatternFly, SDK, i18n or TanStack imports.',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'sandbox/console/dist/**',
      '.sandbox/**',
      'test-results/**',
      'playwright-report/**',
      'bench-results/**',
      'charts/**/templates/**',
      '**/*.js',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks, '@tanstack/query': pluginQuery },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...pluginQuery.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // Arrow shorthands returning void calls are idiomatic in React handlers.
      '@typescript-eslint/no-confusing-void-expression': 'off',
    },
  },
  {
    // PatternFly's Td and Th make a new ref per render and measure the cell after each one (a forced
    // layout per re-rendered cell); src/shared/ui/tableCells keeps one ref per cell.
    files: ['src/**/*.tsx'],
    ignores: ['src/shared/ui/tableCells.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@patternfly/react-table',
              importNames: ['Td', 'Th'],
              message:
                'Use Td and Th from src/shared/ui/tableCells: they measure a cell once, not per render.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/logic/**/*.ts', 'src/**/model/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', pureCoreBan],
      '@typescript-eslint/no-non-null-assertion': 'error',
    },
  },
  {
    // Command-line tools, the sandbox, scripts and tests print to the terminal on purpose.
    files: [
      'sandbox/**/*.ts',
      'cli/**/*.ts',
      'scripts/**/*.mjs',
      'bench/**/*.ts',
      'integration-tests/**/*.ts',
      '**/*.test.ts',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    // Playwright fixtures take a `use` callback that is not a React hook.
    files: ['integration-tests/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // node:test's test()/describe() return promises that the runner itself awaits.
    files: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-confusing-void-expression': 'off',
    },
  },
  {
    files: ['**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: {
        console: 'readonly',
        process: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
      },
    },
  },
);
