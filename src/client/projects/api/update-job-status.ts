import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobStatus } from '#shared/jobs.js';
import { api } from '#client/lib/api.js';
import { refreshAfterProjectChange } from './refresh-after-project-change.js';

type StatusChange = { jobId: string; status: JobStatus; refundedBids: number };

export function updateJobStatus(jobId: string, status: JobStatus): Promise<StatusChange> {
  return api(`/api/jobs/${encodeURIComponent(jobId)}/status`, { method: 'PATCH', body: { status } });
}

/** PATCH /api/jobs/{id}/status: complete or cancel (docs/contract.md §3.4). */
export function useUpdateJobStatus(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: JobStatus) => updateJobStatus(jobId, status),
    onSuccess: () => refreshAfterProjectChange(queryClient, jobId),
  });
}
