import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PromoCode } from '#shared/promo.js';
import { api } from '#client/lib/api.js';

export const promoCodesQueryOptions = queryOptions({
  queryKey: ['/api/admin/promo-codes'],
  queryFn: ({ signal }) => api<PromoCode[]>('/api/admin/promo-codes', { signal }),
});

export function usePromoCodes() {
  return useQuery(promoCodesQueryOptions);
}
