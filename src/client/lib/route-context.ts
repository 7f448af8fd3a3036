import type { QueryClient } from '@tanstack/react-query';
import { createContext, RouterContextProvider, type LoaderFunctionArgs } from 'react-router';
import type { User } from '#shared/auth.js';
import { userQueryOptions } from '#client/auth/use-user.js';

// What a route's loader and action work with (docs/decisions/030): the query cache of the page they serve,
// the browser's one (main.tsx) or the one of a page being rendered on the server (prerender.tsx).
const queryClientContext = createContext<QueryClient>();

/** The router context for loaders and actions that work with `queryClient`. */
export function routeContext(queryClient: QueryClient): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(queryClientContext, queryClient);
  return context;
}

/** The query cache of the page a loader or action serves. */
export function routeQueryClient(context: Readonly<RouterContextProvider>): QueryClient {
  return context.get(queryClientContext);
}

/**
 * A route's loader, declared once beside its screen (docs/decisions/030): `load` puts in the page's query cache
 * what the screen reads when it is first drawn (`ensureQueryData` of the very options its hooks use). On the
 * server the page is rendered once, after the loaders are done, and drawn from that data; in the browser the
 * screen is drawn at once, with its own placeholders while the answers it shares with the loader arrive. A read
 * that fails is left to the screen, which shows its error as when it asked itself.
 */
export function queryLoader(
  load: (queryClient: QueryClient, args: LoaderFunctionArgs, user: User | null) => Promise<unknown>,
) {
  return async (args: LoaderFunctionArgs) => {
    const queryClient = routeQueryClient(args.context);
    // Who the page is for, as the cache knows them (null: nobody, or not known yet).
    const user = queryClient.getQueryData(userQueryOptions.queryKey) ?? null;
    const loading = load(queryClient, args, user).catch(() => undefined);
    if (typeof document === 'undefined') await loading;
    return null;
  };
}
