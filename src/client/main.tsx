import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { HydrationState } from 'react-router';
import './styles.css';
import { App, createAppRouter, loadMatchedRoutes } from '#client/app.js';
import { userQueryOptions } from '#client/auth/index.js';
import { currentLanguage, i18n, i18nReady } from '#client/lib/i18n.js';
import { queryClient } from '#client/lib/query-client.js';
import { Toaster } from '#client/ui/toaster.js';
import { QUERY_CACHE_ID, ROUTER_DATA_ID } from '#shared/prerender.js';

// Zod probes for `new Function` (its fast object parser) the first time it parses; under our CSP the probe fails
// quietly but Chrome reports a CSP issue (Lighthouse's best practices). Zod keeps its settings in this global
// (zod/v4/core: `config()` writes the same object); set before the forms chunk loads zod, it never probes.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

const root = document.getElementById('root')!;
const meta = (name: string) => document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? null;

// The server says when nobody is signed in (src/server/http/spa.ts): then the app does not ask
// GET /api/auth/user, whose 401 would be an error in the console of every visitor (docs/contract.md §1).
if (meta('session') === 'none') queryClient.setQueryData(userQueryOptions.queryKey, null);
// A signed-in screen rendered on the server comes with the data it was rendered from (a JSON data block,
// not a script: the CSP allows none inline), so the first render here is the server's.
const dataBlock = (id: string): unknown => {
  const text = document.getElementById(id)?.textContent;
  return text ? JSON.parse(text) : undefined;
};
const rendered = dataBlock(QUERY_CACHE_ID);
if (rendered) hydrate(queryClient, rendered);
// And with the router's data (a form's refusal, a loader's answer): the router starts where the server was.
const routerData = dataBlock(ROUTER_DATA_ID) as HydrationState | undefined;

// Tooltips bring their own provider (ui/tooltip.tsx, spec §9 timings), so the landing page skips Radix's popper.
// A Spanish reader's catalogs arrive first (lib/i18n.ts), so no English flashes before them.
async function start() {
  await i18nReady;
  // The page's code first: the router then starts with the page, not a fallback (app.tsx).
  await loadMatchedRoutes(window.location.pathname);
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <App router={createAppRouter(queryClient, routerData)} />
        <Toaster />
      </QueryClientProvider>
    </StrictMode>
  );
  // A page rendered at build time or on the server (prerender.tsx) in the reader's language is hydrated once
  // the catalogs it read are here; any other (the app's shell, or a page of the other language after a switch
  // on another device) is rendered from scratch.
  const prerendered = root.dataset.prerendered;
  if (prerendered && prerendered === currentLanguage()) {
    await i18n.loadNamespaces((meta('prerendered-namespaces') ?? '').split(',').filter(Boolean));
    hydrateRoot(root, app);
  } else {
    createRoot(root).render(app);
  }
}

void start();

// The installable app's worker (docs/contract.md §3.10: notifications, the offline page), once the page has
// loaded, so that it never competes with the page's own requests.
if ('serviceWorker' in navigator && !import.meta.env.DEV) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {});
  });
}
