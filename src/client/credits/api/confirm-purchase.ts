import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmPurchaseAnswer } from '#shared/payments.js';
import { userQueryOptions } from '#client/auth/index.js';
import { api } from '#client/lib/api.js';
import { transactionsQueryOptions } from './get-transactions.js';

/** After Stripe.js reports success: the server checks with Stripe and adds the credits once. */
export function useConfirmPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentIntentId: string) =>
      api<ConfirmPurchaseAnswer>('/api/credits/confirm-purchase', { body: { paymentIntentId } }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: transactionsQueryOptions.queryKey }),
      ]);
    },
  });
}
