import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreditPackage } from '#shared/credits.js';
import { api } from '#client/lib/api.js';

/** The one package catalog (docs/contract.md §4.2); texts are shown in the user's language by package id. */
export const creditPackagesQueryOptions = queryOptions({
  queryKey: ['/api/credits/packages'],
  queryFn: ({ signal }) => api<CreditPackage[]>('/api/credits/packages', { signal }),
});

export function useCreditPackages() {
  return useQuery(creditPackagesQueryOptions);
}
