import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Milestone } from '#shared/projects.js';
import { api } from '#client/lib/api.js';
import { refreshAfterProjectChange } from './refresh-after-project-change.js';

export function completeMilestone(jobId: string, milestoneId: string): Promise<Milestone> {
  return api(`/api/jobs/${encodeURIComponent(jobId)}/milestones/${encodeURIComponent(milestoneId)}`, {
    method: 'PATCH',
    body: { status: 'completed' },
  });
}

export function useCompleteMilestone(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (milestoneId: string) => completeMilestone(jobId, milestoneId),
    onSuccess: () => refreshAfterProjectChange(queryClient, jobId),
  });
}
