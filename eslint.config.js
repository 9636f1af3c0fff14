// Flat config. Architecture rules from docs/architecture.md are enforced here, not only by review.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const noElectronInCore = {
  name: 'electron',
  message: 'electron/core is plain Node: it must never import electron (docs/architecture.md).',
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      '.tools/',
      'out/',
      'dist/',
      'release/',
      'test-results/',
      'playwright-report/',
      'bench-results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['electron/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectronInCore],
          patterns: [
            {
              group: ['**/sandbox/**', '!**/sandbox-launcher*'],
              message: 'The console reaches sandbox/ only over HTTP (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // Raw ipcMain/ipcRenderer only inside the typed wrappers (GitHub Desktop's rule).
    files: ['electron/**/*.ts'],
    ignores: ['electron/main/ipc.ts', 'electron/preload/**', 'electron/core/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportSpecifier[imported.name=/^ipc(Main|Renderer)$/]',
          message: 'Use the typed IPC wrapper in electron/main/ipc.ts.',
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/electron/**', 'electron', '**/sandbox/**', 'node:*'],
              message: 'The renderer talks to the engine only through window.merchant.',
            },
          ],
        },
      ],
    },
  },
);
