import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateMilestoneInput, Milestone } from '#shared/projects.js';
import { api } from '#client/lib/api.js';
import { refreshAfterProjectChange } from './refresh-after-project-change.js';

export function addMilestone(jobId: string, input: CreateMilestoneInput): Promise<Milestone> {
  return api(`/api/jobs/${encodeURIComponent(jobId)}/milestones`, { method: 'POST', body: input });
}

export function useAddMilestone(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateMilestoneInput) => addMilestone(jobId, input),
    onSuccess: () => refreshAfterProjectChange(queryClient, jobId),
  });
}
