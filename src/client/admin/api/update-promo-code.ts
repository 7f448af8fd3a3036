import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PromoCode } from '#shared/promo.js';
import { api } from '#client/lib/api.js';
import { promoCodesQueryOptions } from './get-promo-codes.js';

export function useUpdatePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      api<PromoCode>(`/api/admin/promo-codes/${encodeURIComponent(id)}`, { method: 'PATCH', body: { isActive } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promoCodesQueryOptions.queryKey }),
  });
}
