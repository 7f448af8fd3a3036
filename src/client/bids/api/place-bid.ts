import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Bid, PlaceBidInput } from '#shared/bids.js';
import { api } from '#client/lib/api.js';
import { refreshAfterBid } from './refresh-after-bid.js';

export function placeBid(jobId: string, input: PlaceBidInput): Promise<Bid> {
  return api<Bid>(`/api/jobs/${encodeURIComponent(jobId)}/bids`, { method: 'POST', body: input });
}

/** POST /api/jobs/{id}/bids; on success every list that shows bids or credits is refreshed. */
export function usePlaceBid(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlaceBidInput) => placeBid(jobId, input),
    onSuccess: () => refreshAfterBid(queryClient, jobId),
  });
}
