import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { loadMatchedRoutes, routes } from '#client/app.js';
import { userQueryOptions } from '#client/auth/use-user.js';
import { i18n, switchLanguage } from '#client/lib/i18n.js';
import { createQueryClient } from '#client/lib/query-client.js';
import { Toaster } from '#client/ui/toast.js';
import type { Language } from '#shared/i18n/languages.js';

export type RenderedPage = {
  /** The markup of `#root`. */
  html: string;
  /** `<title>` and the meta description, in the page's language. */
  title: string;
  description: string;
  /** Catalogs the page read: the client loads them before it hydrates, so its first render matches. */
  namespaces: string[];
};

/**
 * Renders a public page at build time (scripts/prerender.mjs, DESIGN.md §1 'First paint') as a visitor that
 * nobody signed in as sees it, in `language`: the same tree main.tsx hydrates, waiting for every lazy page and
 * catalog, with no inline script (StaticRouterProvider's hydration data is off: the routes have no loaders).
 */
export async function renderPage(path: string, language: Language): Promise<RenderedPage> {
  await switchLanguage(language);
  // As in the browser (main.tsx): the router's own lazy loading holds on to the first handler that used it.
  await loadMatchedRoutes(path);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.invalid${path}`));
  if (context instanceof Response) throw new Error(`${path} redirects: it cannot be prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const used = new Set<string>();
  i18n.reportNamespaces = {
    addUsedNamespaces: (namespaces) => [namespaces].flat().forEach((namespace) => used.add(namespace)),
    getUsedNamespaces: () => [...used],
  };
  const queryClient = createQueryClient();
  queryClient.setQueryData(userQueryOptions.queryKey, null);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
        <Toaster />
      </QueryClientProvider>
    </StrictMode>,
    // Every boundary in place: a large one would otherwise be sent apart, with an inline script to move it.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  queryClient.clear(); // its garbage-collection timers would keep the build running for minutes
  return {
    html,
    title: i18n.t('common:app_title'),
    description: i18n.t('common:app_description'),
    namespaces: [...used],
  };
}

export { PRERENDERED_PAGES } from '#client/app.js';

/** Every concrete route path of the app (the catch-all 404 route left out). */
export function appRoutePaths(): string[] {
  const paths: string[] = [];
  const walk = (list: typeof routes, prefix: string) => {
    for (const route of list) {
      const path = route.index ? prefix || '/' : route.path ? `${prefix}/${route.path}`.replace(/\/+/g, '/') : prefix;
      if (route.index || (route.path && route.path !== '*')) paths.push(path);
      if (route.children) walk(route.children, path === '/' ? '' : path);
    }
  };
  walk(routes, '');
  return paths;
}
