// One ESLint run for the whole monorepo (`npm run lint`, first step of `npm test`).
// Without type information: the type-aware rule set needed a whole-repo TypeScript program and took
// 60–100 s on one core, which the lint budget (40 s) does not allow; `npm test` type-checks every
// package with tsc anyway. Type-aware rules worth having back (no-floating-promises,
// no-misused-promises) would run best per package, in turbo, beside typecheck.
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import eslintComments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import prettierConfig from 'eslint-config-prettier';

const TSX_PACKAGES = ['design-system', 'frontend-kit', 'shells/*', 'remotes/*'];
const onlyTsx = (globs) => TSX_PACKAGES.flatMap((pkg) => globs.map((glob) => `${pkg}/${glob}`));

const DOMAIN_SERVICES = ['identity', 'catalogue', 'enrolment', 'reporting'];

// `no-restricted-imports` options are replaced, not merged, when a later block sets the rule again,
// so every block below lists the shared patterns plus its own.
const noDeepImports = {
  regex: '^@portal/[^/]+/src(/|$)',
  message: 'Import a workspace through its package entry (its package.json "exports"), not its src/ folder.',
};
const restrictImports = (...patterns) => ['error', { patterns: [noDeepImports, ...patterns] }];

export default defineConfig(
  {
    ignores: [
      '**/dist/',
      '**/storybook-static/',
      '**/node_modules/',
      '**/@mf-types/',
      '**/playwright-report/',
      '**/test-results/',
      '**/bench-results/',
      '**/coverage/',
      // SCORM packages written as their authoring tools write them (ES5 for the browser, as shipped).
      'e2e/fixtures/',
      '**/.turbo/',
      'data/',
    ],
  },
  {
    linterOptions: {
      // A disable comment that no longer silences anything is stale: report it like any problem.
      reportUnusedDisableDirectives: 'error',
    },
  },

  js.configs.recommended,
  eslintComments.recommended,
  {
    rules: {
      // Every `eslint-disable…` says why (`// eslint-disable-next-line rule -- reason`).
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: ['eslint-enable'] }],
    },
  },
  tseslint.configs.recommended,
  {
    rules: {
      // `const { secret: _secret, ...rest } = x` is how the code leaves a property out.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      'no-restricted-imports': restrictImports(),
      // Types come in as types (`import type` / `type X`), so a bundle never keeps a module for a type.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      // One import statement per module.
      'no-duplicate-imports': ['error', { includeExports: false }],
      // Shipped code narrows or throws a clear error; `!` hides the case it assumes away.
      '@typescript-eslint/no-non-null-assertion': 'error',
    },
  },
  {
    // Tests, stories, the bench and e2e assert their own setup: a `!` there fails the test loudly.
    files: [
      '**/*.{test,spec,stories}.{ts,tsx}',
      '**/test/**',
      '**/testing/**',
      'bench/**',
      'e2e/**',
      'services/kit/src/storage/storage-contract.ts',
    ],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    // The demo course player's script, shipped inside the demo SCORM packages as written (a browser script).
    files: ['services/catalogue/src/demo/player/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
    rules: { '@typescript-eslint/no-unused-vars': ['error', { caughtErrors: 'none' }] },
  },

  // React: hooks rules (including exhaustive-deps) and accessibility, for the packages with TSX.
  {
    files: onlyTsx(['**/*.{ts,tsx}']),
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: globals.browser },
  },

  // Boundaries.
  ...DOMAIN_SERVICES.map((service) => ({
    // A domain service talks to another through the ports in services/kit/src/ports/; only the
    // composition roots (the gateway, its tests across services in services/gateway/test/, the bench)
    // wire services together. A service's own tests and testing helpers import no other service.
    files: [`services/${service}/src/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': restrictImports({
        regex: `^@portal/(${DOMAIN_SERVICES.filter((other) => other !== service).join('|')})-service(/|$)`,
        message:
          "A service must not import another service's package. Depend on a port from services/kit/src/ports/ (@portal/service-kit) and let the composition root (gateway) pass the implementation in; a test that needs several services lives in services/gateway/test/<service>/.",
      }),
    },
  })),
  {
    files: ['remotes/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrictImports({
        regex: '^@portal/remote-',
        message: 'A remote must not import another remote: share code through @portal/frontend-kit or @portal/design-system.',
      }),
    },
  },
  {
    files: ['design-system/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrictImports({
        regex: '^react-router(-dom)?(/|$)',
        message: 'The design system knows no router: take an href or an onClick (or a link component) from the caller.',
      }),
    },
  },
  // Layout is Prettier's (`npm run format`; `npm run lint` checks it): no ESLint rule argues with it.
  prettierConfig,
);
