import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpgradeToProviderResult } from '#shared/providers.js';
import { userQueryOptions } from '#client/auth/index.js';
import { transactionsQueryOptions } from '#client/credits/index.js';
import { api } from '#client/lib/api.js';

/** POST /api/auth/upgrade-to-provider (empty body); the current user is refreshed afterwards (spec §4). */
export function useUpgradeToProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<UpgradeToProviderResult>('/api/auth/upgrade-to-provider', { method: 'POST' }),
    onSuccess: async (result) => {
      queryClient.setQueryData(userQueryOptions.queryKey, result.user);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: transactionsQueryOptions.queryKey }),
      ]);
    },
  });
}
