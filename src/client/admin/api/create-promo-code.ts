import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePromoInput, PromoCode } from '#shared/promo.js';
import { api } from '#client/lib/api.js';
import { promoCodesQueryOptions } from './get-promo-codes.js';

export function useCreatePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePromoInput) => api<PromoCode>('/api/admin/promo-codes', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promoCodesQueryOptions.queryKey }),
  });
}
