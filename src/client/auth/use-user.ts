import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '#shared/auth.js';
import { ApiError, api } from '#client/lib/api.js';

/** The current user; a 401 here simply means logged out (spec §7), so it never triggers the login redirect. */
export const userQueryOptions = queryOptions({
  queryKey: ['/api/auth/user'],
  queryFn: async ({ signal }): Promise<User | null> => {
    try {
      return await api<User>('/api/auth/user', { signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
});

export function useUser(): { user: User | null; isLoading: boolean } {
  const { data, isLoading } = useQuery(userQueryOptions);
  return { user: data ?? null, isLoading };
}
