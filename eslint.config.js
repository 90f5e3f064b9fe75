import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** From outside the modules: `modules/<feature>` (its index) only, never a file inside it. */
const MODULE_INSIDE = {
  regex: '(^|/)modules/[^/]+/',
  message:
    "Use the module through its index ('modules/<feature>'): its other files are its own (STYLE.md, a module's door).",
};

/** From a module's file `up` levels below modules/: another module's index (`<up><other>`), never its files. */
const otherModuleFile = (up) => ({
  regex: `^${up.replaceAll('.', '\\.')}(?!\\.|platform/|db/)[^/]+/`,
  message:
    "Import another module through its index ('../<feature>'), never its internal files (STYLE.md, a module's door).",
});

const PROCESS_ENV = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read settings through config.ts, the only reader of process.env.',
};

const DB_TRANSACTION = {
  selector: "CallExpression > MemberExpression.callee[property.name='transaction'][object.property.name='db']",
  message: 'Open the transaction with ctx.transaction: its events are handed out after it commits (platform/events).',
};

/** For platform/ and db/: no feature module, nor the seed or the composition root. */
const BELOW_MODULES = {
  regex: '^(\\.\\.?/)+(modules|seed|app|main|registrations)(/|$)',
  message:
    'platform/ and db/ import no feature module (nor the seed or the composition root): each module hands its jobs, subscribers and seeds to registrations.ts in its descriptor.',
};

/** For db/: not platform/ either (it builds on db/). */
const BELOW_PLATFORM = {
  regex: '^(\\.\\.?/)+platform(/|$)',
  message: 'db/ is below platform/: move what both need into db/ (or a leaf such as server-root.ts).',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'data/**',
      'coverage/**',
      'e2e/artifacts/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['*.ts', '*.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // A forgotten await loses errors and ordering (immich makes this an error too).
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts'],
    rules: { 'no-restricted-syntax': ['error', PROCESS_ENV] },
  },
  // A transaction that publishes is opened by `ctx.transaction` (its events go out after the commit); lint keeps
  // the services from opening one on `ctx.db` directly, where a publish would be refused.
  {
    files: ['apps/server/src/{modules,seed}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', PROCESS_ENV, DB_TRANSACTION] },
  },
  // A module's door (STYLE.md): a feature module is used through its index.ts only, and the layers below the
  // modules (platform/, db/) use none. `npm run check` also refuses import cycles (madge).
  {
    files: ['apps/server/{src,test}/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [MODULE_INSIDE] }] },
  },
  {
    files: ['apps/server/src/modules/*/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [MODULE_INSIDE, otherModuleFile('../')] }] },
  },
  {
    files: ['apps/server/src/modules/*/*/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [MODULE_INSIDE, otherModuleFile('../../')] }] },
  },
  {
    files: ['apps/server/src/{platform,db}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [BELOW_MODULES] }] },
  },
  // db/ is the lowest layer: platform/ builds on it, never the other way round.
  {
    files: ['apps/server/src/db/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [BELOW_MODULES, BELOW_PLATFORM] }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // A web feature's door: a file in features/<x>/ or admin/<x>/ uses another feature through its index.ts
  // ('../<feature>') or its api.ts ('../<feature>/api') only, never its other files. Parts several features share
  // live in components/, lib/ or admin/components/. An index.ts re-exports small parts, never a page (pages load
  // lazily with their routes; a page behind a door would ride along in every chunk that opens it).
  {
    files: ['apps/web/src/{features,admin}/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.|components/)[^/]+/(?!(index|api)$)',
              message:
                "Import another feature through its door ('../<feature>' for its index.ts, or '../<feature>/api'), never its other files; shared parts go to components/, lib/ or admin/components/.",
            },
            {
              regex: '^(\\.\\./)+(features|admin)/[^/]+/(?!(index|api)$)',
              message:
                "Import a feature through its door ('features/<feature>' for its index.ts, or 'features/<feature>/api'), never its other files; shared parts go to components/ or lib/.",
            },
          ],
        },
      ],
    },
  },
  // Server tests reach the API through the contract (`s.call(endpoint, …)`, test/harness.ts), so renaming a path,
  // a parameter or a field breaks them at compile time: an `/api/…` string handed to `request` is refused.
  // (`process.env` stays refused here too: this block's no-restricted-syntax replaces the one above.)
  {
    files: ['apps/server/{src,test}/**/*.test.ts', 'apps/server/test/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read settings through config.ts, the only reader of process.env.',
        },
        {
          selector: "CallExpression[callee.property.name='request'] > Literal[value=/^\\/api(\\/|$)/]",
          message:
            'Call an API route through its contract endpoint: s.call(xApi.y, { params, query, body }); malformed input goes in rawBody / rawQuery, a path the contract deliberately lacks in s.offContract.',
        },
        {
          selector:
            "CallExpression[callee.property.name='request'] > TemplateLiteral[quasis.0.value.raw=/^\\/api(\\/|$)/]",
          message:
            'Call an API route through its contract endpoint: s.call(xApi.y, { params, query, body }); malformed input goes in rawBody / rawQuery, a path the contract deliberately lacks in s.offContract.',
        },
      ],
    },
  },
  // A function a newcomer can hold in their head: past 120 lines (every line counts) it is split into named parts.
  // Tests are left out: a describe block holds its cases.
  {
    files: [
      'apps/*/src/**/*.{ts,tsx}',
      'apps/server/test/**/*.ts',
      'apps/web/*.ts',
      'packages/*/src/**/*.ts',
      'bench/**/*.ts',
    ],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 120 }] },
  },
);
