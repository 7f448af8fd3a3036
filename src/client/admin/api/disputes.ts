import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AdminDispute, DecideDisputeInput, Dispute } from '#shared/bids.js';
import { api } from '#client/lib/api.js';
import { formFailure, formValues } from '#client/lib/forms.js';

/** The operators' queue: open disputes, oldest first (GET /api/admin/disputes?status=open). */
export const openDisputesQueryOptions = queryOptions({
  queryKey: ['/api/admin', 'disputes', 'open'],
  queryFn: ({ signal }) => api<AdminDispute[]>('/api/admin/disputes?status=open', { signal }),
});

export function useOpenDisputes() {
  return useQuery(openDisputesQueryOptions);
}

export function decideDispute(id: string, body: DecideDisputeInput): Promise<Dispute> {
  return api(`/api/admin/disputes/${encodeURIComponent(id)}/decide`, { method: 'POST', body });
}

/** The decide form's `intent` in /admin's action. */
export const DECIDE_DISPUTE_INTENT = 'decide-dispute';

/**
 * A dispute's approve / refuse form (disputes-panel.tsx) in /admin's action (docs/decisions/030): POST
 * /api/admin/disputes/{id}/decide with the button pressed and the note, then the queue again.
 */
export async function decideDisputeAction(form: FormData, queryClient: QueryClient) {
  const values = formValues(form);
  let decided: Dispute;
  try {
    decided = await decideDispute(values.disputeId ?? '', {
      decision: values.decision === 'approve' ? 'approve' : 'refuse',
      ...(values.note ? { note: values.note } : {}),
    });
  } catch (error) {
    return formFailure(error, values);
  }
  await queryClient.invalidateQueries({ queryKey: openDisputesQueryOptions.queryKey });
  return { decided: decided.id, status: decided.status };
}
