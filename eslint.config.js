import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'src/rpc/gen', 'coverage', '.scratch', '.bench'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Type-aware: a promise nobody awaits loses its error, and an async callback handed to
    // something that expects a plain function (an event handler, forEach) is not awaited
    // either. Fire-and-forget is written `void promise` with a reason beside it.
    files: ['{src,server,tests,scripts,bench}/**/*.{ts,tsx,mjs}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The one place in src/ui that builds the RPC clients and worker bridges for the machines.
    files: ['src/ui/app/services.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'Server code stays on the server.' }] },
      ],
    },
  },
  {
    // Views render state and send events: no RPC, no workers, no server code from the UI.
    files: ['src/ui/**/*.{ts,tsx}'],
    ignores: ['src/ui/app/services.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/rpc/**', '**/workers/**', '**/server/**'],
              message: 'Views talk to machines, not to RPC or workers.',
            },
          ],
        },
      ],
    },
  },
  {
    // The browser bundle must never pull server code in.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'src/ui/**', 'src/machines/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'Server code stays on the server.' }] },
      ],
    },
  },
  {
    // Machines own the flows and views render them: the arrow points from src/ui to
    // src/machines, never back. What both need (dates, rules) lives in src/domain.
    files: ['src/machines/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/ui/**'],
              message: 'Machines never import views: move the shared piece to src/domain.',
            },
            {
              group: ['**/server/**'],
              message: 'Server code stays on the server.',
            },
          ],
        },
      ],
    },
  },
);
