import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.js';

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { conditions: ['source', 'browser', 'module', 'import', 'default'] },
  build: { outDir: '../../dist/client', emptyOutDir: true, sourcemap: true },
});
