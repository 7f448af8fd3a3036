import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import type { User } from '#shared/auth.js';
import { userQueryOptions } from '#client/auth/index.js';
import { routeQueryClient } from './route-context.js';

// Apart from route-context.ts, which the entry imports: only the routes' own (lazy) modules use this.

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
