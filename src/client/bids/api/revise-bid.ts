import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Bid, ReviseBidInput } from '#shared/bids.js';
import { api } from '#client/lib/api.js';
import { refreshAfterBid } from './refresh-after-bid.js';

/** PATCH /api/jobs/{id}/bids/mine: a block or bust bidder's one revision inside the response window. */
export function useReviseBid(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviseBidInput) =>
      api<Bid>(`/api/jobs/${encodeURIComponent(jobId)}/bids/mine`, { method: 'PATCH', body: input }),
    onSuccess: () => refreshAfterBid(queryClient, jobId),
  });
}
