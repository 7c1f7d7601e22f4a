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
import { existsSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

const TSX_PACKAGES = ['design-system', 'frontend-kit', 'shells/*', 'remotes/*'];
const onlyTsx = (globs) => TSX_PACKAGES.flatMap((pkg) => globs.map((glob) => `${pkg}/${glob}`));

const DOMAIN_SERVICES = ['identity', 'catalogue', 'enrolment', 'reporting'];

// Shipped service files that still build SQL outside a *.statements.ts (see the "Raw statements" block).
const STATEMENTS_TO_MOVE = [
  // Still to move: kit's list mechanism (it takes and extends a knex builder: a statements-style API of its own), reporting's.
  'services/kit/src/list/list-page.ts',
  'services/reporting/src/modules/enrolments/enrolments.repository.ts',
  'services/reporting/src/modules/enrolments/page/learner-counted.ts',
  'services/reporting/src/modules/enrolments/page/learner-walk.ts',
  'services/reporting/src/modules/enrolments/page/merged-walk.ts',
  'services/reporting/src/modules/enrolments/page/plain-sort.ts',
  'services/reporting/src/modules/enrolments/page/reporting-reader.ts',
];

// `no-restricted-imports` options are replaced, not merged, when a later block sets the rule again,
// so every block below lists the shared patterns plus its own.
const noDeepImports = {
  regex: '^@portal/[^/]+/src(/|$)',
  message: 'Import a workspace through its package entry (its package.json "exports"), not its src/ folder.',
};
const restrictImports = (...patterns) => ['error', { patterns: [noDeepImports, ...patterns] }];

// A relative import that climbs out of its package into another workspace (`../../../../enrolment/src/x`
// from the gateway's tests) reaches past that package's entry and its package.json dependencies. No
// import pattern can say "leaves the package" (that depends on where the importing file sits), so this
// small rule resolves the path and compares package roots (the nearest package.json). The repository
// root's own files (build/, rspack.federation.mjs) are tooling every package may share by path.
const REPO_ROOT = import.meta.dirname;
const packageRoots = new Map();
function packageRootOf(directory) {
  if (!packageRoots.has(directory)) {
    const parent = dirname(directory);
    const isRoot = directory === REPO_ROOT || parent === directory || existsSync(resolve(directory, 'package.json'));
    packageRoots.set(directory, isRoot ? directory : packageRootOf(parent));
  }
  return packageRoots.get(directory);
}
const noImportLeavingPackage = {
  meta: {
    type: 'problem',
    messages: {
      leaves:
        "'{{source}}' leaves this package ({{root}}): import the other workspace through its package entry (@portal/…, or its ./testing entry for test helpers).",
    },
    schema: [],
  },
  create(context) {
    const directory = dirname(context.filename);
    const root = packageRootOf(directory);
    const check = (node) => {
      const source = node?.type === 'Literal' ? node.value : undefined;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = resolve(directory, source);
      // `'../kit'` names a package's folder itself.
      const targetRoot = existsSync(resolve(target, 'package.json')) ? target : packageRootOf(dirname(target));
      if (targetRoot !== root && targetRoot !== REPO_ROOT)
        context.report({ node, messageId: 'leaves', data: { source, root: relative(REPO_ROOT, root) || '.' } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

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
    plugins: { local: { rules: { 'no-import-leaving-package': noImportLeavingPackage } } },
    rules: {
      // `const { secret: _secret, ...rest } = x` is how the code leaves a property out.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      'no-restricted-imports': restrictImports(),
      'local/no-import-leaving-package': 'error',
      // Types come in as types (`import type` / `type X`), so a bundle never keeps a module for a type.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      // One import statement per module.
      'no-duplicate-imports': ['error', { includeExports: false }],
      // Shipped code narrows or throws a clear error; `!` hides the case it assumes away.
      '@typescript-eslint/no-non-null-assertion': 'error',
    },
  },
  {
    // A shipped function reads in one screen: 80 lines at most, blank lines and comments counted
    // (split into named steps, sub-components or hooks). Tests, stories, the bench and e2e are exempt below.
    files: ['**/*.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 80 }] },
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
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', 'max-lines-per-function': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    // A tool's config takes the shared settings by path (`../kit/vitest.shared-config`): tooling, not a package's code.
    files: ['**/*.config.{ts,mts,js,mjs}'],
    rules: { 'local/no-import-leaving-package': 'off' },
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
  // Raw statements (part "hot paths"): SQL is built only in a feature's `*.statements.ts` (beside its
  // repository), migrations and kit's db/ (the one API over knex's internals: prepared statements,
  // plain rows, the direct transaction, row locks). Elsewhere a service calls those statements.
  // Self-contained: no-restricted-syntax is set by no other block. STATEMENTS_TO_MOVE lists the files
  // whose statements have not moved yet; take a file off the list when its statements move.
  {
    files: ['services/*/src/**/*.ts'],
    ignores: [
      '**/*.statements.ts',
      '**/*.migration.ts',
      '**/migrations/**',
      'services/kit/src/db/**',
      '**/*.test.ts',
      '**/test/**',
      '**/testing/**',
      '**/test-support/**',
      ...STATEMENTS_TO_MOVE,
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'CallExpression[callee.property.name=/^(getKnex|getConnection|createQueryBuilder|execute)$/]',
          "CallExpression[callee.property.name=/^(raw|whereRaw|orWhereRaw|havingRaw|orderByRaw|joinRaw|groupByRaw)$/]:not([callee.object.callee.name='sharp'])",
          "MemberExpression[object.name='knex'][property.name='client']",
          "ImportDeclaration[source.value='@mikro-orm/knex']",
          "ImportDeclaration[source.value='@portal/service-kit'] > ImportSpecifier[imported.name=/^(preparedRead|preparedWrite|readRows|selectRows|runOnTransaction|runWrite|lockedForUpdate|newestAttemptsQuery)$/]",
        ].map((selector) => ({
          selector,
          message:
            "Raw SQL and knex's query builder belong in the feature's *.statements.ts (kit's db/ for knex's internals): call a statement from there.",
        })),
      ],
    },
  },
  // Layout is Prettier's (`npm run format`; `npm run lint` checks it): no ESLint rule argues with it.
  prettierConfig,
);
