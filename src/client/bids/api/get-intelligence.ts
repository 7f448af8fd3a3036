import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompetitiveIntelligence } from '#shared/bids.js';
import { api } from '#client/lib/api.js';

// Competitors' activity moves while the bidder watches: refresh the figures every minute.
const INTELLIGENCE_REFRESH_MS = 60_000;

/** What the caller's block or bust bid bought on a job, computed live by the server. */
export const intelligenceQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: ['/api/jobs', jobId, 'intelligence'],
    queryFn: ({ signal }) =>
      api<CompetitiveIntelligence>(`/api/jobs/${encodeURIComponent(jobId)}/intelligence`, { signal }),
  });

export function useIntelligence(jobId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...intelligenceQueryOptions(jobId),
    enabled: options.enabled ?? true,
    refetchInterval: INTELLIGENCE_REFRESH_MS,
  });
}
