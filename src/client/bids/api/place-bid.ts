import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router';
import type { Bid, PlaceBidInput } from '#shared/bids.js';
import { api } from '#client/lib/api.js';
import { formFailure, formValues, toastInBrowser } from '#client/lib/forms.js';
import { refreshAfterBid } from './refresh-after-bid.js';

export function placeBid(jobId: string, input: PlaceBidInput): Promise<Bid> {
  return api<Bid>(`/api/jobs/${encodeURIComponent(jobId)}/bids`, { method: 'POST', body: input });
}

/** POST /api/jobs/{id}/bids; on success every list that shows bids or credits is refreshed (the quick bid). */
export function usePlaceBid(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlaceBidInput) => placeBid(jobId, input),
    onSuccess: () => refreshAfterBid(queryClient, jobId),
  });
}

/**
 * The job page's bid form (bid-form.tsx) in its route's action (docs/decisions/030): POST /api/jobs/{id}/bids,
 * every list that shows bids or credits refreshed, then the job page again (where the bid now shows); a
 * refusal comes back as the form's data with the values sent.
 */
export async function placeBidAction(jobId: string, form: FormData, queryClient: QueryClient) {
  const values = formValues(form);
  const { amount = '', message, tier } = values;
  try {
    await placeBid(jobId, { amount, message, tier } as PlaceBidInput);
  } catch (error) {
    return formFailure(error, values);
  }
  await refreshAfterBid(queryClient, jobId);
  toastInBrowser('bids:toast_success_title', 'bids:toast_success_description');
  return redirect(`/jobs/${encodeURIComponent(jobId)}`);
}
