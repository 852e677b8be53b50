import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The web knows the server only through the contracts in @shop/core (PageServices, response schemas). */
const WEB_IMPORTS_NO_SERVER = [
  { group: ['@shop/server', '@shop/server/*'], message: 'The web does not import the server: use the contracts in @shop/core.' },
  {
    regex: '(^|/)apps/server(/|$)|^(\\.\\./)+server(/|$)',
    message: 'The web does not import the server: use the contracts in @shop/core.',
  },
];

/** Toasts go through app/lib/toast.ts, which shows each message once. */
const WEB_IMPORT_PATHS = [
  { name: 'react-toastify', importNames: ['toast'], message: "Use app/lib/toast's toast: it shows the same message once." },
];

/** apps/web/app/features/<name>: one block a feature, so that it may import itself but no other feature. */
const WEB_FEATURES = readdirSync(new URL('./apps/web/app/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const featureBoundaries = WEB_FEATURES.map((feature) => {
  const others = WEB_FEATURES.filter((name) => name !== feature).join('|');
  return {
    files: [`apps/web/app/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: WEB_IMPORT_PATHS,
          patterns: [
            ...WEB_IMPORTS_NO_SERVER,
            {
              // '../wishlist/…' from a sibling feature, '…/features/wishlist/…' from anywhere below it.
              regex: `^(\\.\\./)+(${others})(/|$)|(^|/)features/(${others})(/|$)`,
              message:
                'Features do not import each other: compose them in a route (e.g. pass a component in) or move the shared piece to app/components or app/lib.',
            },
          ],
        },
      ],
    },
  };
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/build/**',
      '**/.react-router/**',
      '**/node_modules/**',
      'data/**',
      'screenshots/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: { allowDefaultProject: ['*.js', 'scripts/*.mjs'] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // Fastify plugins are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': [
        'error',
        // React Router's answers thrown from loaders: data(…, { status }) and redirect(…), a Response.
        {
          allow: [
            { from: 'package', package: 'react-router', name: 'DataWithResponseInit' },
            { from: 'lib', name: 'Response' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['apps/web/**/*.{ts,tsx,js,mjs}'],
    rules: { 'no-restricted-imports': ['error', { paths: WEB_IMPORT_PATHS, patterns: WEB_IMPORTS_NO_SERVER }] },
  },
  // After the block above: a feature's block replaces its options with the server rule plus its own.
  ...featureBoundaries,
  {
    files: ['apps/web/app/lib/toast.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: WEB_IMPORTS_NO_SERVER }] },
  },
  // A page's form post is not limited by the server's body limit: every action reads it within a size, through one
  // reader (issue 38: a 1 GB post to a page was read whole).
  {
    files: ['apps/web/app/**/*.{ts,tsx}'],
    ignores: ['apps/web/app/lib/read-form.server.ts', 'apps/web/app/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='formData']",
          message: 'Read a posted form with readForm or postedForm (app/lib/read-form.server.ts): they refuse it over its size.',
        },
      ],
    },
  },
  // Dev-only code (the Razorpay emulator, the demo data) is loaded by a dynamic import() where config asks for it,
  // never statically by the server's production modules: a production start must not load it (docs/decisions/024).
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/dev/**', 'apps/server/src/test/**', 'apps/server/src/**/*.test.ts', 'apps/server/src/cli/seed.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)dev/',
              allowTypeImports: true,
              message: 'Production code does not import dev-only code: load it with import() where config turns it on (ADR 024).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
