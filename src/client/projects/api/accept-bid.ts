import type { QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router';
import { api } from '#client/lib/api.js';
import { formFailure, formValues, toastInBrowser } from '#client/lib/forms.js';
import type { AcceptQuestion } from '#client/bids/index.js';
import { refreshAfterProjectChange } from './refresh-after-project-change.js';

type Accepted = { jobId: string; status: 'in_progress'; hiredProviderId: string; bidId: string };

export function acceptBid(jobId: string, bidId: string): Promise<Accepted> {
  return api(`/api/jobs/${encodeURIComponent(jobId)}/bids/${encodeURIComponent(bidId)}/accept`, { method: 'POST' });
}

/**
 * The owner's 'Accept bid' form (owner-bid-list.tsx) in the job page's action (docs/decisions/030). It hires
 * only when the question was answered (`confirm=yes`): a form the browser sent itself before scripts gets the
 * question back from the server (`asking`), as scripts would ask it in place. Then POST
 * /api/jobs/{jobId}/bids/{bidId}/accept, the job and its lists refreshed, and the job page again; a refusal
 * comes back as the form's data.
 */
export async function acceptBidAction(jobId: string, form: FormData, queryClient: QueryClient) {
  const values = formValues(form);
  const bidId = values.bidId ?? '';
  if (form.has('cancel')) return { asking: null } satisfies AcceptQuestion;
  if (values.confirm !== 'yes') return { asking: bidId } satisfies AcceptQuestion;
  try {
    await acceptBid(jobId, bidId);
  } catch (error) {
    return formFailure(error, values);
  }
  await refreshAfterProjectChange(queryClient, jobId);
  toastInBrowser('projects:bid_accepted_title', 'projects:bid_accepted_description', {
    name: values.providerName ?? '',
  });
  return redirect(`/jobs/${encodeURIComponent(jobId)}`);
}
