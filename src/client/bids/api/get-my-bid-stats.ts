import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyBidStats } from '#shared/bids.js';
import { api } from '#client/lib/api.js';
import { myBidsQueryOptions } from './get-my-bids.js';

/**
 * GET /api/my-bids/stats: active bids, jobs won, total earnings and credits spent over all the provider's bids
 * (the bids themselves come a page at a time). Under my-bids' key, so whatever refreshes the bids refreshes these.
 */
export const myBidStatsQueryOptions = queryOptions({
  queryKey: [...myBidsQueryOptions.queryKey, 'stats'],
  queryFn: ({ signal }) => api<MyBidStats>('/api/my-bids/stats', { signal }),
});

export function useMyBidStats() {
  return useQuery(myBidStatsQueryOptions);
}
