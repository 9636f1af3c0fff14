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

/**
 * The database has owners (docs/architecture.md): each folder below owns its tables and all
 * the SQL on them; electron/core/store/ is the connection, the migrations and the transaction
 * helpers. Nowhere else in the engine is SQL prepared or run, a connection opened, or the
 * store's connection reached. (A new capability with a table adds its folder here.)
 */
export const SQL_OWNERS = [
  'electron/core/store/**/*.ts',
  'electron/core/settings/**/*.ts',
  'electron/core/profiles/**/*.ts',
  'electron/core/mirror/**/*.ts',
  'electron/core/receiver/**/*.ts',
  'electron/core/day/**/*.ts',
  'electron/core/devices/**/*.ts',
  'electron/core/hub/**/*.ts',
];
const SQL_MESSAGE =
  "SQL lives with the owner of its table (SQL_OWNERS, docs/architecture.md): call that owner's repository on the store.";
const sqlCalls = [
  // db.prepare(sql): a method of the same name without arguments (SandboxHost.prepare()) is not SQL.
  {
    selector: "CallExpression[callee.property.name='prepare'][arguments.length>0]",
    message: SQL_MESSAGE,
  },
  // db.exec('…'): SQL is literal text; a RegExp's exec(text) is not.
  {
    selector:
      "CallExpression[callee.property.name='exec'][arguments.0.type=/^(Literal|TemplateLiteral)$/]",
    message: SQL_MESSAGE,
  },
  { selector: "NewExpression[callee.name='DatabaseSync']", message: SQL_MESSAGE },
];
/** The store's connection itself, which only the owners (and database.ts, which builds them) use. */
const noConnection = {
  selector: "MemberExpression[property.name='db']",
  message:
    'The connection (store.db) is for the owners of the tables only: use their repositories on the store.',
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
  // Every file of the page: a screen is born translated (docs/console.md, "Adding a language").
  'renderer/src/**/*.{ts,tsx}',
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
    ignores: [...SQL_OWNERS, 'electron/core/database.ts'],
    rules: boundaryRules(BOUNDARIES.core, [...sqlCalls, noConnection]),
  },
  {
    // The owners of the tables: their SQL is theirs.
    files: SQL_OWNERS,
    rules: boundaryRules(BOUNDARIES.core),
  },
  {
    // Builds each owner's repository on the connection; runs no SQL itself.
    files: ['electron/core/database.ts'],
    rules: boundaryRules(BOUNDARIES.core, sqlCalls),
  },
  {
    // The one place that embeds the sandbox (through a dynamic import, so live-only use
    // never loads its code).
    files: ['electron/core/embedded-sandbox/**/*.ts'],
    rules: boundaryRules(
      BOUNDARIES.core.filter((b) => b !== sandboxOverHttp),
      [...sqlCalls, noConnection],
    ),
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
    // Errors these two build like the engine's (a code and an English message): the words on
    // screen are chosen by code in renderer/src/i18n/error-messages.ts, the English message
    // is only the fallback for a code the page does not know, as for the engine's own.
    ignores: ['renderer/src/bridge/web-bridge.ts', 'renderer/src/lib/openable-url.ts'],
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
