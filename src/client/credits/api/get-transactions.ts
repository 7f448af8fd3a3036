import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreditTransaction } from '#shared/credits.js';
import { api } from '#client/lib/api.js';

/** The caller's credit ledger, newest first. */
export const transactionsQueryOptions = queryOptions({
  queryKey: ['/api/credits/transactions'],
  queryFn: ({ signal }) => api<CreditTransaction[]>('/api/credits/transactions', { signal }),
});

export function useTransactions(options: { enabled?: boolean } = {}) {
  return useQuery({ ...transactionsQueryOptions, enabled: options.enabled ?? true });
}
