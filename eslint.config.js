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
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read settings through config.ts, the only reader of process.env.',
        },
      ],
    },
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
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\.?/)+(modules|seed|app|main|registrations|event-subscribers)(/|$)',
              message:
                'platform/ and db/ import no feature module (nor the seed or the composition root): modules register their jobs, schedules and seeds in registrations.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
