import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Job } from '#shared/jobs.js';
import { api } from '#client/lib/api.js';

/** GET /api/jobs/{id}: one job; a 404 (job_not_found) shows the 'Job Not Found' card. */
export const jobQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: ['/api/jobs', jobId],
    queryFn: ({ signal }) => api<Job>(`/api/jobs/${encodeURIComponent(jobId)}`, { signal }),
  });

export function useJob(jobId: string) {
  return useQuery(jobQueryOptions(jobId));
}
