import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyBid } from '#shared/bids.js';
import { api } from '#client/lib/api.js';
import { fetchPage } from '#client/lib/paging.js';

/** The provider's newest bids with their jobs' titles: the first page of GET /api/my-bids (docs/contract.md §3.3). */
export const myBidsQueryOptions = queryOptions({
  queryKey: ['/api/my-bids'],
  queryFn: ({ signal }) => api<MyBid[]>('/api/my-bids', { signal }),
});

export function useMyBids(options: { enabled?: boolean } = {}) {
  return useQuery({ ...myBidsQueryOptions, enabled: options.enabled ?? true });
}

/** The page of the provider's bids after the bid `before`, with the next page's `before`. */
export const fetchMyBidsAfter = (before: string, signal?: AbortSignal) =>
  fetchPage<MyBid>(`/api/my-bids?before=${encodeURIComponent(before)}`, signal);

/** What /provider-dashboard?before= shows (a 'Show more' followed without scripts). */
export const myBidsAfterQueryOptions = (before: string) =>
  queryOptions({
    queryKey: [...myBidsQueryOptions.queryKey, 'after', before],
    queryFn: ({ signal }) => fetchMyBidsAfter(before, signal),
  });

/**
 * GET /api/my-bids?jobIds=: the provider's bids on these jobs (at most a page's worth, LIST_PAGE), however old: what
 * marks a job 'already bid' (decision 048), with the jobs they were asked for (a job not among them is not known
 * yet). Under my-bids' key, so a bid placed refreshes them.
 */
export const myBidsOnJobsQueryOptions = (jobIds: string[]) => {
  const ids = [...jobIds].sort();
  return queryOptions({
    queryKey: [...myBidsQueryOptions.queryKey, 'on', ids],
    queryFn: async ({ signal }) => ({
      jobIds: ids,
      bids: await api<MyBid[]>(`/api/my-bids?jobIds=${ids.join(',')}`, { signal }),
    }),
  });
};
