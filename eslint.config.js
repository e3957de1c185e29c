import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { layeringPlugin } from './test/layering/layers.mjs';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'child_process', 'http', 'https', 'net', 'crypto', 'url', 'stream', 'events', 'util'];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'test-artifacts/**', 'test/fixtures/layering/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  // Layering (docs/architecture.md): shared/ is pure; renderer/ reaches the core only through the App API;
  // only electron/shell/ imports electron. test/layering.test.ts checks the same rules independently.
  // The dependency order of the core: one list, test/layering/layers.mjs, read here and by the test.
  {
    files: ['shared/**/*.ts', 'electron/**/*.ts'],
    plugins: { layering: layeringPlugin },
    rules: { 'layering/order': 'error' },
  },
  {
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: [...nodeBuiltins, 'electron', 'react', 'react-dom', '**/electron/**', '**/renderer/**'], message: 'shared/ is pure TypeScript: no Node, Electron, React, or other project folders.' },
        ],
      }],
    },
  },
  // The core runs for days as `serve`: the first Intl format or toLocale* call loads ICU's locale data,
  // about 7.5 MB of resident memory kept for the process's life (groupDigits in shared/text writes 32,000).
  {
    files: ['shared/**/*.ts', 'electron/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error',
        { selector: "MemberExpression[property.name=/^toLocale/]", message: 'toLocale* loads ICU locale data into the core for good: use groupDigits (shared/text) or plain formatting.' },
        { selector: "Identifier[name='Intl']", message: 'Intl loads ICU locale data into the core for good: use groupDigits (shared/text) or plain formatting.' },
        { selector: "MemberExpression[property.name='localeCompare']", message: 'localeCompare builds an ICU collator the core keeps for good: use compareNames (shared/text).' },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: [...nodeBuiltins, 'electron', '**/electron/**'], message: 'renderer/ talks to the core only through the App API client.' },
        ],
      }],
    },
  },
  {
    files: ['electron/**/*.ts'],
    ignores: ['electron/shell/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['electron', '**/renderer/**'], message: 'Only electron/shell/ imports electron; the core never imports the renderer.' },
        ],
      }],
    },
  },
);
