import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import globals from 'globals';

// Imports flow one way (STYLE.md): client and server import shared; shared imports neither.
const boundary = (forbidden) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: forbidden.map((f) => ({ group: [`#${f}/*`, `**/${f}/**`], message: `Do not import ${f} code here.` })),
    },
  ],
});

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', '.e2e-build/', 'screenshots/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  { files: ['src/shared/**'], rules: boundary(['server', 'client']) },
  { files: ['src/client/**'], rules: boundary(['server']) },
  { files: ['src/server/**'], rules: boundary(['client']) },
  {
    files: ['src/client/**/*.tsx', 'src/client/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', '*.js'],
    languageOptions: { globals: globals.node },
    rules: { 'no-console': 'off' },
  },
);
