import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, QueryClientProvider, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { prerenderToNodeStream } from 'react-dom/static';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
  type HydrationState,
  type StaticHandlerContext,
} from 'react-router';
import { loadMatchedRoutes, routes } from '#client/app.js';
import { RequireAuth, userQueryOptions } from '#client/auth/index.js';
import { setApiTransport } from '#client/lib/api.js';
import { configQueryOptions } from '#client/lib/config.js';
import { i18n, loadAllCatalogs, UP_FRONT_NAMESPACES } from '#client/lib/i18n.js';
import { isUnauthorizedFailure } from '#client/lib/forms.js';
import { createQueryClient, loginUrl } from '#client/lib/query-client.js';
import { routeContext } from '#client/lib/route-context.js';
import { Toaster } from '#client/ui/toaster.js';
import type { Language } from '#shared/i18n/languages.js';
import type { ApiFetch, PageAnswer as SharedPageAnswer, RenderedPage } from '#shared/prerender.js';

// The React app rendered outside the browser (docs/decisions/030): the public pages at build time
// (scripts/prerender.ts), and per request (src/server/http/pages.ts) a signed-in user's screen with its data,
// a public page asked for with a query string, and the answer to a form posted natively (before scripts, or
// without them). All render the very tree main.tsx hydrates, wait for every lazy part, and write no inline
// script (the CSP allows none): StaticRouterProvider's own hydration script is off, and the router's data
// (loader and action data) travels in a JSON data block instead. Renders run side by side: each has its own
// query cache, its own i18next instance in its language, and its own API scope (an AsyncLocalStorage). A page is
// rendered once: its routes' loaders have put in the cache what it reads first; a query nobody loaded is left
// pending (never fetched while rendering, so a disabled one stays unasked) and the browser asks for it.
// Text that depends on the clock or the reader's time zone (relative times, dates of timestamps) is marked
// suppressHydrationWarning where it is drawn: the browser's first render may differ there by a minute or a day.

export { GUEST_ONLY_PATHS, PRERENDERED_PAGES } from '#client/app.js';

/** What a request to a page comes to here, with this app's query cache and router data. */
export type PageAnswer = SharedPageAnswer<DehydratedState, HydrationState>;
export type { ApiFetch, RenderedPage };

type Scope = { fetch: ApiFetch | null; writes: boolean };

// While a request is answered, the app's API calls go to the server's own routes as the person asking. Only
// the route's action may change something; a render only reads (a query that posts, such as a payment intent,
// stays for the browser).
const requestScope = new AsyncLocalStorage<Scope>();
setApiTransport(async (input, init) => {
  const scope = requestScope.getStore();
  if (!scope?.fetch) throw new Error('no API while rendering the public pages at build time');
  if ((init?.method ?? 'GET') !== 'GET' && !scope.writes) throw new Error('only reads while rendering on the server');
  return scope.fetch(String(input), init);
});

// Every catalog of both languages, once: then no render waits for one, and none changes another's language.
let catalogs: Promise<void> | undefined;

/** The app's router on the server: the route's action for a submission, then its loaders (once each). */
async function runRoutes(request: Request, queryClient: QueryClient) {
  // As in the browser (main.tsx): the router's own lazy loading holds on to the first handler that used it.
  await loadMatchedRoutes(new URL(request.url).pathname);
  const handler = createStaticHandler(routes);
  return { handler, context: await handler.query(request, { requestContext: routeContext(queryClient) }) };
}

async function render(
  handler: ReturnType<typeof createStaticHandler>,
  context: StaticHandlerContext,
  language: Language,
  queryClient: QueryClient,
): Promise<RenderedPage> {
  const router = createStaticRouter(handler.dataRoutes, context);
  // This render's own i18next: the shared catalogs, its own language and its own record of what it read.
  const translations = i18n.cloneInstance({ lng: language });
  const used = new Set<string>();
  translations.reportNamespaces = {
    addUsedNamespaces: (namespaces) => [namespaces].flat().forEach((namespace) => used.add(namespace)),
    getUsedNamespaces: () => [...used],
  };
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <I18nextProvider i18n={translations}>
        <QueryClientProvider client={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
          <Toaster />
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>,
    // Every boundary in place: a large one would otherwise be sent apart, with an inline script to move it.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return {
    html,
    title: translations.t('common:app_title'),
    description: translations.t('common:app_description'),
    namespaces: [...used],
    catalogs: Object.fromEntries(
      UP_FRONT_NAMESPACES.map((namespace) => [namespace, translations.getResourceBundle(language, namespace)]),
    ),
  };
}

/** A thrown route error as plain data for the browser's router (an Error's message only, never its stack). */
function routeErrors(errors: StaticHandlerContext['errors']): HydrationState['errors'] {
  if (!errors) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([id, error]) => [
      id,
      isRouteErrorResponse(error)
        ? { status: error.status, statusText: error.statusText, data: error.data, internal: false }
        : { message: error instanceof Error ? error.message : String(error) },
    ]),
  );
}

/**
 * The answer to `request` (a GET of a page, or a form's POST) in `language`, with the app's API reached through
 * `fetch` as the person asking (null at build time: nobody is signed in, no API). A submission runs the route's
 * action (which may change things through the API), then the page's loaders; a redirect is answered as such.
 * With `signedInOnly`, null when `fetch` finds nobody signed in (the server then sends the public page).
 */
export async function answer(
  request: Request,
  language: Language,
  fetch: ApiFetch | null,
  { signedInOnly = false }: { signedInOnly?: boolean } = {},
): Promise<PageAnswer | null> {
  await (catalogs ??= loadAllCatalogs());
  const scope: Scope = { fetch, writes: false };
  return requestScope.run(scope, async () => {
    const queryClient = createQueryClient();
    try {
      const user = fetch ? await queryClient.fetchQuery(userQueryOptions).catch(() => null) : null;
      if (!user && signedInOnly) return null;
      queryClient.setQueryData(userQueryOptions.queryKey, user);
      // The server's public config, which the build cannot know (the login page's demo accounts, in demo mode): a
      // page rendered for a visitor nobody is signed in as has it, as the browser would after one call. A signed-in
      // screen's loaders ask for it where the screen reads it.
      if (fetch && !user) await queryClient.prefetchQuery(configQueryOptions);
      scope.writes = request.method !== 'GET' && request.method !== 'HEAD';
      const { handler, context } = await runRoutes(request, queryClient);
      scope.writes = false;
      if (context instanceof Response) {
        const location = context.headers.get('location');
        if (!location) throw new Error(`${request.url} answered ${context.status} without a location`);
        return { kind: 'redirect', status: context.status, location, setCookies: context.headers.getSetCookie() };
      }
      // A form refused because the session has ended (spec §8 '401 handling', forms.ts formFailure): to the
      // login page, then back to this page once signed in.
      if (Object.values(context.actionData ?? {}).some(isUnauthorizedFailure)) {
        const { pathname, search } = new URL(request.url);
        return { kind: 'redirect', status: 303, location: loginUrl(pathname + search), setCookies: [] };
      }
      // Once: the routes' loaders have put in the cache what the screen reads first (route-context.ts).
      const page = await render(handler, context, language, queryClient);
      return {
        kind: 'page',
        status: context.statusCode,
        page,
        nobodySignedIn: !queryClient.getQueryData(userQueryOptions.queryKey),
        state: dehydrate(queryClient),
        routerData: {
          loaderData: context.loaderData,
          actionData: context.actionData,
          errors: routeErrors(context.errors),
        },
      };
    } finally {
      queryClient.clear(); // its garbage-collection timers would keep the build running for minutes
    }
  });
}

/** A public page as a visitor nobody signed in as sees it, in `language` (build time). */
export async function renderPage(path: string, language: Language): Promise<RenderedPage> {
  const result = await answer(new Request(`http://render.invalid${path}`), language, null);
  if (result?.kind !== 'page') throw new Error(`${path} redirects: it cannot be rendered at build time`);
  return result.page;
}

/**
 * Every concrete route path of the app (the catch-all 404 route left out); with `signedIn`, only the routes that
 * RequireAuth guards (spec §2: logged-in screens).
 */
export function appRoutePaths({ signedIn = false }: { signedIn?: boolean } = {}): string[] {
  const paths: string[] = [];
  const walk = (list: typeof routes, prefix: string, guarded: boolean) => {
    for (const route of list) {
      const inside = guarded || route.Component === RequireAuth;
      const path = route.index ? prefix || '/' : route.path ? `${prefix}/${route.path}`.replace(/\/+/g, '/') : prefix;
      if ((route.index || (route.path && route.path !== '*')) && (inside || !signedIn)) paths.push(path);
      if (route.children) walk(route.children, path === '/' ? '' : path, inside);
    }
  };
  walk(routes, '', false);
  return paths;
}
