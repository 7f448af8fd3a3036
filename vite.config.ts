import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import type { ChunkingContext } from 'rolldown';
import { precompress } from './scripts/precompress.js';

// Chunks (issue 16, docs/decisions/009-page-weight.md): what every page needs in one long-cached file;
// validation code in one file and form code in another, which only screens that use them load; the Spanish catalogs in
// one file, the English ones a file each (no catalog in the entry: a rendered page brings its up-front catalogs,
// src/client/lib/i18n.ts); pages split by route.
// package.json "sideEffects" says that only CSS does something on import: what a feature's index.ts re-exports and
// no screen uses stays out of the bundle (docs/decisions/035-feature-boundaries-in-the-linter.md).
const chunkGroups = [
  {
    name: 'framework',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|use-sync-external-store|clsx)[\\/]/,
    priority: 2,
  },
  // Zod apart from the form library: every signed-in screen evaluates zod (the shared schema modules its data
  // modules import), but only a screen with a form needs react-hook-form (docs/decisions/034-less-javascript-at-start.md).
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 1 },
  { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/, priority: 1 },
  { name: 'i18n-es', test: /shared[\\/]i18n[\\/]es[\\/]/, priority: 1 },
  // Our own modules that two or more signed-in screens share, in one chunk instead of some twenty files of a few
  // hundred bytes: every module file a page asks for costs the main thread a request and an evaluation
  // (Lighthouse's Total Blocking Time, docs/decisions/027-blocking-time.md). Not what the entry or a public page
  // loads (the landing and login pages stay as light as they were), and not the payment screens' code, which
  // would bring Stripe's library to every screen.
  { name: sharedByScreens, minShareCount: 2, priority: 0, includeDependenciesRecursively: false },
];

const SHAREABLE = /src[\\/](client|shared)[\\/]|node_modules[\\/]@radix-ui[\\/]/;
const PAYMENTS = /src[\\/]client[\\/]credits[\\/]/;
/** The public pages besides the landing page (app.tsx routes a visitor nobody signed in as can open). */
const PUBLIC_PAGES = [
  'auth/login-page.tsx',
  'auth/password-reset-pages.tsx',
  'legal/terms-page.tsx',
  'legal/privacy-page.tsx',
].map((page) => fileURLToPath(new URL(`src/client/${page}`, import.meta.url)));
let publicGraph: { ctx: ChunkingContext; ids: Set<string> } | undefined;

/** 'screens' for a shareable module that neither the entry nor a public page imports (statically), else none. */
function sharedByScreens(id: string, ctx: ChunkingContext): string | null {
  if (!SHAREABLE.test(id) || PAYMENTS.test(id)) return null;
  if (publicGraph?.ctx !== ctx) {
    const ids = new Set<string>();
    const visit = (moduleId: string) => {
      if (ids.has(moduleId)) return;
      ids.add(moduleId);
      for (const next of ctx.getModuleInfo(moduleId)?.importedIds ?? []) visit(next);
    };
    for (const root of [...entryIds(ctx, id), ...PUBLIC_PAGES]) visit(root);
    publicGraph = { ctx, ids };
  }
  return publicGraph.ids.has(id) ? null : 'screens';
}

/** The build's entry modules, found by walking importers (static and dynamic) up from any module. */
function entryIds(ctx: ChunkingContext, from: string): string[] {
  const seen = new Set<string>();
  const entries: string[] = [];
  const up = (moduleId: string) => {
    if (seen.has(moduleId)) return;
    seen.add(moduleId);
    const info = ctx.getModuleInfo(moduleId);
    if (!info) return;
    if (info.isEntry) entries.push(moduleId);
    for (const importer of [...info.importers, ...info.dynamicImporters]) up(importer);
  };
  up(from);
  return entries;
}

/**
 * Chromium's explicit compile hint (docs/decisions/034-less-javascript-at-start.md) on the framework chunk: its
 * CommonJS packages (React DOM above all) sit in wrapper functions the entry calls at once, which Chromium would
 * compile lazily, on the main thread, at that first call; with the hint it compiles the file's functions while the
 * file streams in, on a background thread. The comment must be the file's first line, hence after minification.
 */
function compileHint(chunk: { name: string }): string {
  return chunk.name === 'framework' ? '//# allFunctionsCalledOnLoad' : '';
}

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    conditions: ['source', 'browser', 'module', 'import', 'default'],
    // react-router's package exports name only its development build (dev warnings and checks); the
    // browser gets the production build the package ships beside it.
    alias: [
      {
        find: /^react-router$/,
        replacement: fileURLToPath(new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url)),
      },
    ],
  },
  // The build-time renderer of the public pages (src/client/prerender.tsx, `vite build --ssr`) reads the
  // sources as the browser build does.
  ssr: { resolve: { conditions: ['source', 'node', 'module', 'import', 'default'] } },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // Every browser this app supports preloads modules natively.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups }, postBanner: compileHint } },
  },
});
