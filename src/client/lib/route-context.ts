import type { QueryClient } from '@tanstack/react-query';
import { createContext, RouterContextProvider } from 'react-router';

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
