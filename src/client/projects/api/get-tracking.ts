import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobStatus } from '#shared/jobs.js';
import type { TrackedJob } from '#shared/projects.js';
import { api } from '#client/lib/api.js';

export const trackingQueryKeyRoot = ['/api/jobs/tracking'] as const;

/** GET /api/jobs/tracking?status=: the caller's own jobs and the jobs they are hired on. */
export const trackingQueryOptions = (status: JobStatus | null) =>
  queryOptions({
    queryKey: [...trackingQueryKeyRoot, status ?? 'all'],
    queryFn: ({ signal }) => api<TrackedJob[]>(`/api/jobs/tracking${status ? `?status=${status}` : ''}`, { signal }),
  });

export function useTracking(status: JobStatus | null) {
  return useQuery(trackingQueryOptions(status));
}
