import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Dispute, DisputeBidInput, MyDispute } from '#shared/bids.js';
import { api } from '#client/lib/api.js';
import { formFailure, formValues } from '#client/lib/forms.js';
import { jobBidsQueryOptions } from './get-job-bids.js';
import { myBidsQueryOptions } from './get-my-bids.js';

/** The provider's own disputes, newest first (GET /api/my-disputes). */
export const myDisputesQueryOptions = queryOptions({
  queryKey: ['/api/my-disputes'],
  queryFn: ({ signal }) => api<MyDispute[]>('/api/my-disputes', { signal }),
});

export function useMyDisputes() {
  return useQuery(myDisputesQueryOptions);
}

export function disputeBid(bidId: string, body: DisputeBidInput): Promise<Dispute> {
  return api(`/api/bids/${encodeURIComponent(bidId)}/dispute`, { method: 'POST', body });
}

/**
 * The dispute form (dispute-form.tsx) in the action of the page that shows it, the provider dashboard or the job
 * page (docs/decisions/030): POST /api/bids/{bidId}/dispute (docs/contract.md §3.9), then the bids and disputes
 * again; a refusal comes back as the form's data.
 */
export async function disputeBidAction(form: FormData, queryClient: QueryClient) {
  const values = formValues(form);
  let dispute: Dispute;
  try {
    dispute = await disputeBid(values.bidId ?? '', {
      reason: (values.reason ?? '') as DisputeBidInput['reason'],
      ...(values.details ? { details: values.details } : {}),
    });
  } catch (error) {
    return formFailure(error, values);
  }
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: myBidsQueryOptions.queryKey }),
    queryClient.invalidateQueries({ queryKey: myDisputesQueryOptions.queryKey }),
    values.jobId ? queryClient.invalidateQueries({ queryKey: jobBidsQueryOptions(values.jobId).queryKey }) : null,
  ]);
  return { disputed: dispute.bidId, status: dispute.status };
}
