// Lint rules that keep the architecture of docs/architecture.md honest.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import path from 'node:path';

// Features never import each other. `no-restricted-imports` sees only the import string, so a
// relative path such as `../cart/CartPage` slips through; this rule resolves it against the file.
const featureBoundaries = {
  rules: {
    'no-cross-feature-imports': {
      meta: { type: 'problem', messages: { cross: 'Feature "{{from}}" imports feature "{{to}}"; share through src/components, src/lib or src/shared.' } },
      create(context) {
        const featureOf = (file) => {
          const match = file.split(path.sep).join('/').match(/apps\/web\/src\/features\/([^/]+)\//);
          return match ? match[1] : null;
        };
        return {
          ImportDeclaration(node) {
            const source = node.source.value;
            if (typeof source !== 'string' || !source.startsWith('.')) return;
            const from = featureOf(context.filename);
            const to = featureOf(path.resolve(path.dirname(context.filename), source) + '/');
            if (from && to && from !== to) context.report({ node, messageId: 'cross', data: { from, to } });
          },
        };
      },
    },
    // Shared web code (src/components, src/lib, src/shared, src/theme) never imports a feature:
    // features build on it, not the other way round. Only src/app (routing) joins features.
    // Checks `@/features/...` and relative paths, in imports, re-exports and lazy import().
    'no-shared-to-feature-imports': {
      meta: { type: 'problem', messages: { shared: 'Shared web code (src/{{from}}) imports feature "{{to}}"; only src/app (routing) may join features.' } },
      create(context) {
        const file = context.filename.split(path.sep).join('/');
        const shared = file.match(/apps\/web\/src\/(components|lib|shared|theme)\//);
        if (!shared) return {};
        const check = (node, source) => {
          if (typeof source !== 'string') return;
          let target;
          if (source.startsWith('@/')) target = `apps/web/src/${source.slice(2)}/`;
          else if (source.startsWith('.')) target = path.resolve(path.dirname(context.filename), source).split(path.sep).join('/') + '/';
          else return;
          const feature = target.match(/apps\/web\/src\/features\/([^/]+)\//);
          if (feature) context.report({ node, messageId: 'shared', data: { from: shared[1], to: feature[1] } });
        };
        const fromSource = (node) => node.source && check(node, node.source.value);
        return {
          ImportDeclaration: fromSource,
          ExportNamedDeclaration: fromSource,
          ExportAllDeclaration: fromSource,
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
        };
      },
    },
  },
};

// Server modules own their tables and talk to each other only through exported services; the steps
// that span modules are workflows (docs/decisions/006-workflows-and-modules.md). Imports are
// resolved against the importing file, so a relative path cannot slip past.
const TABLE_OWNERS = {
  addresses: 'addresses', audit: 'audit', auth: 'auth', catalog: 'catalog', consents: 'consents', consults: 'consults',
  doctors: 'doctors', jobs: 'jobs', landing: 'landing', notifications: 'notifications', orders: 'orders',
  payments: 'payments', pharmacies: 'pharmacies', promotions: 'promotions', scheduling: 'scheduling',
  reviews: 'reviews', shipping: 'shipping', storefronts: 'storefronts', uploads: 'uploads',
  prescriptions: 'prescriptions', fulfilment: 'fulfilment', 'access-log': 'access-log', visits: 'visits', ratings: 'ratings',
  refills: 'refills', records: 'records', 'phone-orders': 'phone-orders',
};
// Reads of another module's table still to be moved behind its service (debt, named so it cannot grow):
// the address book locks the patient's users row to serialise its writes; a promo code's uses count
// only redemptions whose payment is live; reconciliation finds live payments behind orders in given
// statuses in one join (a filter before the limit, at any age); a visit checks its order's owner and
// status in its query.
const TABLE_READS_TO_MOVE = new Set([
  'modules/addresses/addresses.repo.ts -> auth',
  'modules/payments/payments.repo.ts -> orders',
  'modules/promotions/promotions.repo.ts -> payments',
  'modules/scheduling/scheduling.repo.ts -> orders',
]);
const serverBoundaries = {
  rules: {
    'module-boundaries': {
      meta: {
        type: 'problem',
        messages: {
          table: 'Module "{{from}}" imports the {{table}} table, which module "{{owner}}" owns: call its service.',
          workflowTable: 'A workflow imports the {{table}} table: call the owning module\'s service.',
          repo: 'Module "{{from}}" imports module "{{to}}"\'s repo: call its service.',
          routes: 'Module "{{from}}" imports module "{{to}}"\'s routes: share schemas through packages/domain.',
          upward: 'A module never calls up: only a route file may take a workflow, as a type handed in by app.ts.',
        },
      },
      create(context) {
        const rel = (file) => {
          const m = file.split(path.sep).join('/').match(/apps\/server\/src\/(.*)$/);
          return m ? m[1] : null;
        };
        const from = rel(context.filename);
        if (!from || /\.test\.ts$|test-helpers\.ts$/.test(from)) return {};
        const fromModule = from.match(/^modules\/([^/]+)\//)?.[1] ?? null;
        const inWorkflows = from.startsWith('workflows/');
        return {
          ImportDeclaration(node) {
            const source = node.source.value;
            if (typeof source !== 'string' || !source.startsWith('.')) return;
            const to = rel(path.resolve(path.dirname(context.filename), source));
            if (!to) return;
            const table = to.match(/^db\/schema\/([^/]+)\.ts$/)?.[1];
            if (table && inWorkflows) context.report({ node, messageId: 'workflowTable', data: { table } });
            if (table && fromModule) {
              const owner = TABLE_OWNERS[table];
              if (owner && owner !== fromModule && !TABLE_READS_TO_MOVE.has(`${from} -> ${table}`))
                context.report({ node, messageId: 'table', data: { from: fromModule, table, owner } });
            }
            const toModule = to.match(/^modules\/([^/]+)\//)?.[1];
            if (fromModule && toModule && toModule !== fromModule) {
              if (/\.repo\.ts$/.test(to)) context.report({ node, messageId: 'repo', data: { from: fromModule, to: toModule } });
              if (/\.routes\.ts$/.test(to)) context.report({ node, messageId: 'routes', data: { from: fromModule, to: toModule } });
            }
            if (fromModule && to.startsWith('workflows/') && !(from.endsWith('.routes.ts') && node.importKind === 'type'))
              context.report({ node, messageId: 'upward' });
          },
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      'apps/server/drizzle/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { ...globals.node } },
  },
  // Plain scripts the browser loads as they are (apps/web/public/boot.js).
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // The domain is pure: it may import zod and itself, nothing else (no I/O, no framework).
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|zod/|\\.{1,2}/|vitest$|fast-check$).*',
              message: 'packages/domain is pure: import only zod (and test tools in tests).',
            },
          ],
        },
      ],
    },
  },
  // Server modules talk to each other through services, never through another module's repo.
  {
    files: ['apps/server/**/*.ts'],
    plugins: { server: serverBoundaries },
    rules: {
      'server/module-boundaries': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/web/**', '@store/web', '@store/web/**'], message: 'The server never imports the web app.' },
            { group: ['../*/*.repo', '../*/*.repo.js', '../../modules/*/*.repo', '../../modules/*/*.repo.js'], message: "Use the other module's exported service, not its repo." },
          ],
        },
      ],
    },
  },
  // The web never imports the server; features never import each other.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/server/**', '@store/server', '@store/server/**'], message: 'The web never imports the server.' }] },
      ],
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { boundaries: featureBoundaries },
    rules: {
      'boundaries/no-cross-feature-imports': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/server/**', '@store/server', '@store/server/**'], message: 'The web never imports the server.' },
            { group: ['@/features/**', '../../features/**', '../../*/**', '!../../components/**', '!../../lib/**'], message: 'Features do not import each other; share through src/components, src/lib or src/shared.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/{components,lib,shared,theme}/**/*.{ts,tsx}'],
    plugins: { boundaries: featureBoundaries },
    rules: { 'boundaries/no-shared-to-feature-imports': 'error' },
  },
);
