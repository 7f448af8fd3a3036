import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  resolve: { conditions: ['source', 'browser', 'module', 'import', 'default'] },
  build: { outDir: '../../dist/client', emptyOutDir: true, sourcemap: true },
});
