// Flat config. Architecture rules from docs/architecture.md are enforced here, not only by review.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import formatjs from 'eslint-plugin-formatjs';
import noLiteralUiCall from './scripts/eslint/no-literal-ui-call.js';

/**
 * The module boundaries, one list per folder. Each entry bans a group of import specifiers
 * (gitignore-style `group`, for `no-restricted-imports`) and the same modules reached through
 * `import()` (`regex` on the specifier, for `no-restricted-syntax`, which sees dynamic
 * imports; `no-restricted-imports` does not).
 */
const ban = (group, regex, message) => ({ group, regex, message });

const onlyCoreFrontDoor = ban(
  ['**/core/**', '!**/core/index.ts'],
  /\/core\/(?!index\.ts$)/,
  'Transports reach the engine only through electron/core/index.ts.',
);
const sandboxOverHttp = ban(
  ['**/sandbox/**'],
  /(^|\/)sandbox\//,
  'The console reaches sandbox/ only over HTTP; electron/core/embedded-sandbox/ alone embeds it.',
);
const noRenderer = ban(
  ['**/renderer/**'],
  /(^|\/)renderer\//,
  'The renderer is reached only through a transport.',
);

const BOUNDARIES = {
  core: [
    ban(['electron'], /^electron$/, 'electron/core is plain Node: it must never import electron.'),
    ban(
      ['**/main/**', '**/web/**', '**/preload/**', '**/common/**'],
      /\/(main|web|preload|common)\//,
      'electron/core sits below the transports and never imports them.',
    ),
    sandboxOverHttp,
    noRenderer,
  ],
  main: [
    onlyCoreFrontDoor,
    ban(
      ['**/web/**', '**/preload/**'],
      /\/(web|preload)\//,
      'electron/main never imports electron/web or the preload: shared pieces live in electron/common/ or shared/.',
    ),
    sandboxOverHttp,
    noRenderer,
  ],
  web: [
    onlyCoreFrontDoor,
    ban(
      ['**/main/**', '**/preload/**', 'electron'],
      /(\/(main|preload)\/|^electron$)/,
      'electron/web never imports electron/main, the preload or Electron: shared pieces live in electron/common/ or shared/.',
    ),
    sandboxOverHttp,
    noRenderer,
  ],
  common: [
    ban(
      ['**/core/**', '**/main/**', '**/web/**', '**/preload/**', 'electron'],
      /(\/(core|main|web|preload)\/|^electron$)/,
      'electron/common is shared by both transports and depends on neither (nor on the engine).',
    ),
    sandboxOverHttp,
    noRenderer,
  ],
  preload: [
    ban(
      ['**/core/**', '**/main/**', '**/web/**', '**/common/**', '\\#shared/node/*'],
      /(\/(core|main|web|common)\/|^#shared\/node\/)/,
      'The preload runs in the page: it may import only shared/ (not shared/node/).',
    ),
    sandboxOverHttp,
    noRenderer,
  ],
  shared: [
    ban(
      ['**/electron/**', 'electron', '**/sandbox/**', '**/renderer/**'],
      /((^|\/)(electron|sandbox|renderer)\/|^electron$)/,
      'shared/ is the bottom layer: it imports nothing of the app.',
    ),
  ],
  // The rest of shared/ runs in the page too: no Node module, and not shared/node/.
  // (In these gitignore-style groups a leading # starts a comment: it is escaped.)
  sharedForPages: [
    ban(
      ['node:*', '\\#shared/node/*', '**/node/**'],
      /(^node:|^#shared\/node\/|(^|\/)node\/)/,
      'Only shared/node/ may use Node: the rest of shared/ is also loaded by the renderer.',
    ),
  ],
  sandbox: [
    ban(
      ['**/electron/**', 'electron', '**/renderer/**'],
      /((^|\/)(electron|renderer)\/|^electron$)/,
      'sandbox/ is the service on its own: it never imports the console.',
    ),
  ],
  renderer: [
    ban(
      ['**/electron/**', 'electron', '**/sandbox/**', 'node:*'],
      /((^|\/)(electron|sandbox)\/|^electron$|^node:)/,
      'The renderer talks to the engine only through window.merchant.',
    ),
    ban(
      ['\\#shared/node/*', '**/shared/node/**'],
      /(^#shared\/node\/|(^|\/)shared\/node\/)/,
      'shared/node/ is Node code for the engine and the sandbox, not for the page.',
    ),
  ],
};

// Raw ipcMain/ipcRenderer only inside the typed wrappers (GitHub Desktop's rule).
const noRawIpc = {
  selector: 'ImportSpecifier[imported.name=/^ipc(Main|Renderer)$/]',
  message: 'Use the typed IPC wrapper in electron/main/ipc.ts.',
};
// A module named at run time cannot be checked against the boundaries above.
const literalImportOnly = {
  selector: 'ImportExpression[source.type!="Literal"]',
  message: 'Name the module of import() in a string literal, so the boundaries can be checked.',
};

// One helper words a thrown value (shared/error-message.ts), not a ternary in every catch.
const oneErrorMessage = {
  selector:
    'ConditionalExpression[test.operator="instanceof"][test.right.name="Error"][consequent.property.name="message"]:not([alternate.type="Literal"])',
  message: "Use errorMessage(err) from '#shared/error-message.ts'.",
};

// The product reads no test-only environment variable: tests inject what they need through
// options with a real meaning (docs/architecture.md, "Test hooks").
const noTestEnv = [
  {
    selector: 'MemberExpression[object.property.name="env"][property.name=/TEST/]',
    message: 'Product code reads no test-only environment variable: take an option instead.',
  },
  {
    selector: 'Literal[value=/^MERCHANT_TEST_/]',
    message: 'Product code reads no test-only environment variable: take an option instead.',
  },
];

/** The two rules that enforce a boundary list, for static and dynamic imports. */
function boundaryRules(bans, extraSyntax = [], paths = []) {
  return {
    'no-restricted-imports': [
      'error',
      { paths, patterns: bans.map(({ group, message }) => ({ group, message })) },
    ],
    'no-restricted-syntax': [
      'error',
      literalImportOnly,
      oneErrorMessage,
      ...noTestEnv,
      ...bans.map(({ regex, message }) => ({
        // esquery ends a regex at the first slash, even an escaped one: spell it \x2F.
        selector: `ImportExpression[source.value=/${regex.source.replaceAll('\\/', '\\x2F')}/]`,
        message,
      })),
      ...extraSyntax,
    ],
  };
}

/**
 * Files whose every word comes from the message catalogues (issue 23). The rest of the
 * renderer is converted screen by screen; each converted file is added here, and once all
 * are, this becomes 'renderer/src/**\/*.{ts,tsx}'.
 */
export const TRANSLATED_FILES = [
  'renderer/src/app/Sidebar.tsx',
  'renderer/src/app/DamagedDbBanner.tsx',
  'renderer/src/ui/**/*.{ts,tsx}',
  'renderer/src/i18n/**/*.{ts,tsx}',
  'renderer/src/features/settings/LanguageSection.tsx',
  // i18n-b: the shell, Live payments, Settings, Day, and the words they share.
  'renderer/src/app/**/*.{ts,tsx}',
  'renderer/src/main.tsx',
  'renderer/src/features/payments/**/*.{ts,tsx}',
  'renderer/src/features/settings/**/*.{ts,tsx}',
  'renderer/src/features/day/**/*.{ts,tsx}',
  'renderer/src/lib/time.ts',
  'renderer/src/lib/alerts.ts',
  'renderer/src/lib/tunnel-words.tsx',
  'renderer/src/lib/reach-words.ts',
  'renderer/src/features/new-link/**/*.{ts,tsx}',
  'renderer/src/features/checkouts/**/*.{ts,tsx}',
  'renderer/src/features/checkout-detail/**/*.{ts,tsx}',
  'renderer/src/features/share/**/*.{ts,tsx}',
  'renderer/src/features/onboarding/**/*.{ts,tsx}',
  'renderer/src/lib/product-name.ts',
];

/** Props of the console's own components that are shown or read aloud as words. */
const WORD_PROPS = '{label,title,placeholder,hint,message,confirmLabel,alt}';

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
    rules: boundaryRules(BOUNDARIES.core),
  },
  {
    // The one place that embeds the sandbox (through a dynamic import, so live-only use
    // never loads its code).
    files: ['electron/core/embedded-sandbox/**/*.ts'],
    rules: boundaryRules(BOUNDARIES.core.filter((b) => b !== sandboxOverHttp)),
  },
  {
    files: ['electron/main/**/*.ts'],
    ignores: ['electron/main/ipc.ts'],
    rules: boundaryRules(BOUNDARIES.main, [noRawIpc]),
  },
  {
    files: ['electron/main/ipc.ts'],
    rules: boundaryRules(BOUNDARIES.main),
  },
  {
    files: ['electron/web/**/*.ts'],
    rules: boundaryRules(BOUNDARIES.web, [noRawIpc]),
  },
  {
    files: ['electron/common/**/*.ts'],
    rules: boundaryRules(BOUNDARIES.common, [noRawIpc]),
  },
  {
    files: ['electron/preload/**/*.ts'],
    rules: boundaryRules(BOUNDARIES.preload),
  },
  {
    // Node code both the console and the sandbox use, one copy (Host allow-list, private
    // files, group commit, CLI flags): shared/node/ may use Node; it imports nothing of the app.
    files: ['shared/node/**/*.ts'],
    rules: boundaryRules(BOUNDARIES.shared),
  },
  {
    files: ['shared/**/*.ts'],
    ignores: ['shared/node/**'],
    rules: boundaryRules([...BOUNDARIES.shared, ...BOUNDARIES.sharedForPages]),
  },
  {
    files: ['sandbox/**/*.ts'],
    rules: boundaryRules(BOUNDARIES.sandbox),
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...boundaryRules(BOUNDARIES.renderer),
    },
  },
  {
    // Screens change engine data only through the hooks of renderer/src/api/mutations.ts,
    // which also update the cache; they never touch the query client themselves.
    files: ['renderer/src/features/**/*.{ts,tsx}', 'renderer/src/ui/**/*.{ts,tsx}'],
    rules: boundaryRules(
      BOUNDARIES.renderer,
      [],
      [
        {
          name: '@tanstack/react-query',
          importNames: ['useMutation', 'useQueryClient'],
          message: 'Changes and their cache updates live in renderer/src/api/mutations.ts.',
        },
      ],
    ),
  },
  {
    // Message descriptors anywhere in the renderer: literal English source, valid ICU, the
    // values a message names are the ones passed.
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { formatjs },
    rules: {
      'formatjs/enforce-default-message': ['error', 'literal'],
      'formatjs/enforce-placeholders': 'error',
      'formatjs/no-invalid-icu': 'error',
      'formatjs/no-multiple-whitespaces': 'error',
    },
  },
  {
    // No literal word on screen in a translated file: JSX text, aria-*/title/placeholder and
    // the word props of our components, object labels, and toasts.
    files: TRANSLATED_FILES,
    plugins: { formatjs, local: { rules: { 'no-literal-ui-call': noLiteralUiCall } } },
    rules: {
      'formatjs/no-literal-string-in-jsx': ['error', { props: { include: [['*', WORD_PROPS]] } }],
      'formatjs/no-literal-string-in-object': [
        'error',
        { include: ['label', 'title', 'placeholder', 'hint', 'message'] },
      ],
      'local/no-literal-ui-call': ['error', { callees: ['announce'] }],
    },
  },
);
