import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { App } from '#client/app.js';
import { i18nReady } from '#client/lib/i18n.js';
import { queryClient } from '#client/lib/query-client.js';
import { Toaster } from '#client/ui/toast.js';

// Tooltips bring their own provider (ui/tooltip.tsx, spec §9 timings), so the landing page skips Radix's popper.
// A Spanish reader's catalogs arrive first (lib/i18n.ts), so no English flashes before them.
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <App />
        <Toaster />
      </QueryClientProvider>
    </StrictMode>,
  ),
);
