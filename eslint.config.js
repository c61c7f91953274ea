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
      meta: { type: 'problem', messages: { cross: 'Feature "{{from}}" imports feature "{{to}}"; share through src/components or src/lib.' } },
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
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
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
    rules: {
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
            { group: ['@/features/**', '../../features/**', '../../*/**', '!../../components/**', '!../../lib/**'], message: 'Features do not import each other; share through src/components or src/lib.' },
          ],
        },
      ],
    },
  },
);
