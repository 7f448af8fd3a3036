import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '#shared/auth.js';
import { ApiError, api } from '#client/lib/api.js';
import { i18n, SIGNED_IN_NAMESPACES } from '#client/lib/i18n.js';

/**
 * The current user; a 401 here simply means logged out (spec §7), so it never triggers the login redirect.
 * A signed-in user arrives with the signed-in catalogs loaded, so the shell renders once (decision 009).
 */
export const userQueryOptions = queryOptions({
  queryKey: ['/api/auth/user'],
  queryFn: async ({ signal }): Promise<User | null> => {
    let user: User;
    try {
      user = await api<User>('/api/auth/user', { signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
    await i18n.loadNamespaces(SIGNED_IN_NAMESPACES);
    return user;
  },
});

export function useUser(): { user: User | null; isLoading: boolean } {
  const { data, isLoading } = useQuery(userQueryOptions);
  return { user: data ?? null, isLoading };
}
