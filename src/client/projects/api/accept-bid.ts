import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#client/lib/api.js';
import { refreshAfterProjectChange } from './refresh-after-project-change.js';

type Accepted = { jobId: string; status: 'in_progress'; hiredProviderId: string; bidId: string };

export function acceptBid(jobId: string, bidId: string): Promise<Accepted> {
  return api(`/api/jobs/${encodeURIComponent(jobId)}/bids/${encodeURIComponent(bidId)}/accept`, { method: 'POST' });
}

/** POST /api/jobs/{jobId}/bids/{bidId}/accept: hire that bidder. */
export function useAcceptBid(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bidId: string) => acceptBid(jobId, bidId),
    onSuccess: () => refreshAfterProjectChange(queryClient, jobId),
  });
}
