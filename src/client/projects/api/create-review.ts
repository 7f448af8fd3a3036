import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewInput, Review } from '#shared/projects.js';
import { api } from '#client/lib/api.js';
import { trackingQueryKeyRoot } from './get-tracking.js';

export function createReview(jobId: string, input: CreateReviewInput): Promise<Review> {
  return api(`/api/jobs/${encodeURIComponent(jobId)}/review`, { method: 'POST', body: input });
}

/** POST /api/jobs/{id}/review; the provider's public ratings (showcase, directory) are refetched too. */
export function useCreateReview(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReviewInput) => createReview(jobId, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trackingQueryKeyRoot }),
        // The provider profile and directory (issue 14) key their queries under these paths.
        queryClient.invalidateQueries({ queryKey: ['/api/provider'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/providers/search'] }),
      ]),
  });
}
