import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyBid } from '#shared/bids.js';
import { api } from '#client/lib/api.js';

/** The provider's own bids with their jobs' titles, newest first. */
export const myBidsQueryOptions = queryOptions({
  queryKey: ['/api/my-bids'],
  queryFn: ({ signal }) => api<MyBid[]>('/api/my-bids', { signal }),
});

export function useMyBids(options: { enabled?: boolean } = {}) {
  return useQuery({ ...myBidsQueryOptions, enabled: options.enabled ?? true });
}
