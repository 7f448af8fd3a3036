import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Milestone } from '#shared/projects.js';
import { api } from '#client/lib/api.js';

/** GET /api/jobs/{id}/milestones (owner or hired provider). */
export const milestonesQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: ['/api/jobs', jobId, 'milestones'],
    queryFn: ({ signal }) => api<Milestone[]>(`/api/jobs/${encodeURIComponent(jobId)}/milestones`, { signal }),
  });

export function useMilestones(jobId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...milestonesQueryOptions(jobId), enabled: options.enabled ?? true });
}
