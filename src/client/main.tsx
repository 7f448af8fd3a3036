import { QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import '#client/lib/i18n.js';
import { App } from '#client/app.js';
import { queryClient } from '#client/lib/query-client.js';
import { Toaster } from '#client/ui/toast.js';

// Spec §9 'Timings': tooltip delay 700 ms, skip delay 300 ms.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
        <App />
        <Toaster />
      </Tooltip.Provider>
    </QueryClientProvider>
  </StrictMode>,
);
