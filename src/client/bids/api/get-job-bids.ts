import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Bid } from '#shared/bids.js';
import { api } from '#client/lib/api.js';

/** The bids the caller may see on a job (docs/contract.md §4.5): all for the owner, their own for a bidder. */
export const jobBidsQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: ['/api/jobs', jobId, 'bids'],
    queryFn: ({ signal }) => api<Bid[]>(`/api/jobs/${encodeURIComponent(jobId)}/bids`, { signal }),
  });

export function useJobBids(jobId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...jobBidsQueryOptions(jobId), enabled: options.enabled ?? true });
}
