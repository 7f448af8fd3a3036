import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, QueryClientProvider, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { loadMatchedRoutes, routes } from '#client/app.js';
import { userQueryOptions } from '#client/auth/use-user.js';
import { setApiTransport } from '#client/lib/api.js';
import { i18n, switchLanguage } from '#client/lib/i18n.js';
import { createQueryClient } from '#client/lib/query-client.js';
import { Toaster } from '#client/ui/toast.js';
import type { Language } from '#shared/i18n/languages.js';

// The React app rendered outside the browser (DESIGN.md §1 'First paint'): the public pages at build time
// (scripts/prerender.ts) and a signed-in user's screens per request, with their data (src/server/http/spa.ts).
// Both render the very tree main.tsx hydrates, wait for every lazy part and catalog, and write no inline
// script (the CSP allows none): StaticRouterProvider's hydration data is off, as the routes have no loaders.
// Text that depends on the clock or the reader's time zone (relative times, dates of timestamps) is marked
// suppressHydrationWarning where it is drawn: the browser's first render may differ there by a minute or a day.

export { GUEST_ONLY_PATHS, PRERENDERED_PAGES } from '#client/app.js';

export type RenderedPage = {
  /** The markup of `#root`. */
  html: string;
  /** `<title>` and the meta description, in the page's language. */
  title: string;
  description: string;
  /** Catalogs the page read: the client loads them before it hydrates, so its first render matches. */
  namespaces: string[];
};

/** A GET of the app's API on behalf of the user whose page is being rendered. */
export type ApiGet = (path: string) => Promise<Response>;

// While a signed-in page renders, the app's API calls go to the server's own routes as that user; any call
// that would change something is refused (a query that posts, such as a payment intent, stays for the browser).
const requestScope = new AsyncLocalStorage<ApiGet>();
setApiTransport(async (input, init) => {
  const get = requestScope.getStore();
  if (!get) throw new Error('no API while rendering the public pages');
  if ((init?.method ?? 'GET') !== 'GET') throw new Error('only reads while rendering on the server');
  return get(String(input));
});

// One render at a time: the catalogs' language is the app's one i18next instance.
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

async function render(path: string, language: Language, queryClient: QueryClient): Promise<RenderedPage> {
  await switchLanguage(language);
  // As in the browser (main.tsx): the router's own lazy loading holds on to the first handler that used it.
  await loadMatchedRoutes(path);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://render.invalid${path}`));
  if (context instanceof Response) throw new Error(`${path} redirects: it cannot be rendered here`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const used = new Set<string>();
  i18n.reportNamespaces = {
    addUsedNamespaces: (namespaces) => [namespaces].flat().forEach((namespace) => used.add(namespace)),
    getUsedNamespaces: () => [...used],
  };
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
  return {
    html,
    title: i18n.t('common:app_title'),
    description: i18n.t('common:app_description'),
    namespaces: [...used],
  };
}

/** A public page as a visitor nobody signed in as sees it, in `language` (build time). */
export function renderPage(path: string, language: Language): Promise<RenderedPage> {
  return oneAtATime(async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(userQueryOptions.queryKey, null);
    try {
      return await render(path, language, queryClient);
    } finally {
      queryClient.clear(); // its garbage-collection timers would keep the build running for minutes
    }
  });
}

/** Rounds of 'render, then fetch what the render asked for' before the page is rendered with its data. */
const DATA_ROUNDS = 3;

/**
 * A signed-in user's screen at `path` with its data, as their browser would first draw it: renders, fetches
 * through `get` every query the render asked for (then what those let it ask, a few rounds deep), and renders
 * once more; `state` is the query cache for the browser to start from. Null when `get` finds nobody signed in.
 */
export function renderSignedIn(
  path: string,
  language: Language,
  get: ApiGet,
): Promise<(RenderedPage & { state: DehydratedState }) | null> {
  return oneAtATime(() =>
    requestScope.run(get, async () => {
      const queryClient = createQueryClient();
      try {
        if (!(await queryClient.fetchQuery(userQueryOptions).catch(() => null))) return null;
        const tried = new Set<string>();
        for (let round = 0; ; round += 1) {
          const page = await render(path, language, queryClient);
          const asked = queryClient
            .getQueryCache()
            .getAll()
            .filter((query) => query.state.status === 'pending' && !tried.has(query.queryHash));
          // A render that asked for nothing new was drawn from the data at hand: it is the page (no render
          // more to draw the same again); after the last round, what is still missing stays for the browser.
          if (asked.length === 0 || round === DATA_ROUNDS) return { ...page, state: dehydrate(queryClient) };
          for (const query of asked) tried.add(query.queryHash);
          await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
        }
      } finally {
        queryClient.clear();
      }
    }),
  );
}

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
