import type { QueryClient } from '@tanstack/react-query';
import type { Bid } from '#shared/bids.js';
import { api } from '#client/lib/api.js';
import { formFailure, formValues } from '#client/lib/forms.js';
import { jobBidsQueryOptions } from './get-job-bids.js';

export function declineBid(jobId: string, bidId: string): Promise<Bid> {
  return api(`/api/jobs/${encodeURIComponent(jobId)}/bids/${encodeURIComponent(bidId)}/decline`, { method: 'POST' });
}

/**
 * The owner's 'Not for me' form (owner-bid-list.tsx) in the job page's action (docs/decisions/030): POST
 * /api/jobs/{jobId}/bids/{bidId}/decline (docs/contract.md §3.9), then the job's bids again; a refusal comes back
 * as the form's data.
 */
export async function declineBidAction(jobId: string, form: FormData, queryClient: QueryClient) {
  const values = formValues(form);
  try {
    await declineBid(jobId, values.bidId ?? '');
  } catch (error) {
    return formFailure(error, values);
  }
  await queryClient.invalidateQueries({ queryKey: jobBidsQueryOptions(jobId).queryKey });
  return null;
}
