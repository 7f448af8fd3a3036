import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RedeemAnswer } from '#shared/promo.js';
import { userQueryOptions } from '#client/auth/index.js';
import { transactionsQueryOptions } from '#client/credits/index.js';
import { api } from '#client/lib/api.js';

export function useRedeemPromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api<RedeemAnswer>('/api/promo-codes/redeem', { body: { code } }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: transactionsQueryOptions.queryKey }),
      ]);
    },
  });
}
