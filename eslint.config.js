import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { featurePlugin, featureZones } from './scripts/eslint-features.mjs';

// Imports flow one way (STYLE.md): client and server import shared; shared imports neither.
const boundary = (forbidden) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: forbidden.map((f) => ({ group: [`#${f}/*`, `**/${f}/**`], message: `Do not import ${f} code here.` })),
    },
  ],
});

/**
 * Feature boundaries (docs/decisions/035, scripts/eslint-features.mjs): no import cycle between
 * files nor between feature folders, a feature is reached only through its index.ts, and a table is written only
 * by its feature. `allowed` keeps more of a feature's files open, and `tables` more tables writable, for one file
 * of the allowlist below.
 */
const featureRules = (root, allowed, tables = []) => ({
  'import-x/no-cycle': ['error', { ignoreExternal: true }],
  'features/no-cycle': ['error', { root }],
  'features/own-tables': ['error', { root, allowed: tables }],
  'import-x/no-restricted-paths': ['error', { zones: featureZones(root, allowed) }],
});

/**
 * The boundary rules for the tree at `root` (this repository, or the fixture of src/server/test/lint-boundaries.test.ts),
 * with the resolver that reads package.json "imports" (#server/*) under the `source` condition.
 */
export const featureConfig = (root, allowlist = {}) => [
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    plugins: { 'import-x': importX, features: featurePlugin },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: `${import.meta.dirname}/tsconfig.json`,
          conditionNames: ['source', 'import', 'default'],
        }),
      ],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: featureRules(root),
  },
  ...Object.entries(allowlist).map(([file, { allowed = {}, tables, cycles }]) => ({
    files: [file],
    rules: {
      ...featureRules(root, allowed, tables),
      ...(cycles ? { 'features/no-cycle': 'off' } : {}),
    },
  })),
];

/**
 * Files allowed past the boundary rules, each naming what it may import (paths relative to the feature) and why.
 * `tables` names other features' tables that file may still write. `cycles: true` lets that file close a cycle
 * between feature folders (a cycle between files stays an error).
 */
const ALLOWLIST = {
  // The route table loads each page (and the post-job route's action) lazily by its own path, so each stays
  // its own chunk: a feature's index.ts does not export pages.
  'src/client/app.tsx': {
    allowed: {
      'src/client/admin': ['pages/admin-page.tsx'],
      'src/client/auth': [
        'api/weekly-limit.ts',
        'login-page.tsx',
        'password-reset-pages.tsx',
        'settings-page.tsx',
        'verify-email-page.tsx',
      ],
      'src/client/bids': ['pages/provider-dashboard-page.tsx'],
      'src/client/business-profiles': [
        'pages/business-profile-page.tsx',
        'pages/find-providers-page.tsx',
        'pages/provider-page.tsx',
      ],
      'src/client/credits': ['pages/buy-credits-page.tsx', 'pages/checkout-page.tsx'],
      'src/client/jobs': [
        'api/create-job.ts',
        'pages/dashboard-page.tsx',
        'pages/job-detail-page.tsx',
        'pages/post-job-page.tsx',
      ],
      'src/client/landing': ['entry-page.tsx'],
      'src/client/layout': ['not-found-page.tsx'],
      'src/client/legal': ['privacy-page.tsx', 'terms-page.tsx'],
      // The route table's own lazy modules: the signed-in frame's loader and the forms' route actions.
      'src/client/messages': ['api/get-unread-total.ts', 'api/send-message.ts', 'pages/messages-page.tsx'],
      'src/client/projects': ['pages/projects-page.tsx'],
      'src/client/promo': ['api/redeem-promo-code.ts'],
    },
  },
  // The '/' route: the landing page for a visitor, else the home page, loaded lazily by its path like app.tsx's.
  'src/client/landing/entry-page.tsx': { allowed: { 'src/client/jobs': ['pages/home-page.tsx'] } },

  // The ledger keeps each user's balance on `users.credits`, moved in the statement that writes the credit
  // transaction (docs/decisions/004-credit-ledger.md): one statement, so the balance and its entries never part.
  'src/server/credits/queries.ts': { tables: ['users'] },
  // A bid takes its seat on the job in the placement statement itself (the job's bid counters), under the job's
  // row lock, so the cap holds under concurrency in one round trip (docs/decisions/037).
  'src/server/bids/place-queries.ts': { tables: ['jobs'] },
  // Accepting a service request makes its private job in the same transaction (docs/decisions/012).
  'src/server/service-requests/queries.ts': { tables: ['jobs'] },
  // Still to move behind auth's index.ts: the user's Stripe customer id, written when the first payment starts.
  'src/server/payments/queries.ts': { tables: ['users'] },

  // The tests' setup makes password hashing cheap for the whole run: a switch of the auth room's hashing that no
  // feature may use, so it is not among auth's public exports.
  'src/server/test/setup.ts': { allowed: { 'src/server/auth': ['password.ts'] } },
};

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'data/',
      '.e2e-build/',
      'screenshots/',
      'src/server/db/migrations/',
      'src/server/test/lint-fixture/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  ...featureConfig(import.meta.dirname, ALLOWLIST),
  { files: ['src/shared/**'], rules: boundary(['server', 'client']) },
  { files: ['src/client/**'], rules: boundary(['server']) },
  { files: ['src/server/**'], rules: boundary(['client']) },
  {
    files: ['src/client/**/*.tsx', 'src/client/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // The service worker (docs/contract.md §3.10) is a plain script the build copies as it is.
  { files: ['src/client/public/sw.js'], languageOptions: { globals: globals.serviceworker } },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', '*.js'],
    languageOptions: { globals: globals.node },
    rules: { 'no-console': 'off' },
  },
);
