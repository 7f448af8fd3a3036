import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.js';

// Chunks (issue 16, docs/decisions/009-page-weight.md): what every page needs in one long-cached file;
// form and validation code in another that only screens with forms load; each language's catalogs in
// one file (src/client/lib/i18n.ts fetches Spanish only for Spanish readers); pages split by route.
const chunkGroups = [
  {
    name: 'framework',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|use-sync-external-store)[\\/]/,
    priority: 2,
  },
  { name: 'forms', test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/, priority: 1 },
  { name: 'i18n-es', test: /shared[\\/]i18n[\\/]es[\\/]/, priority: 1 },
];

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
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
  },
});
