import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Job, JobListQuery } from '#shared/jobs.js';
import { api } from '#client/lib/api.js';

/** Query string of a list call: only the parameters given. */
export function listSearch(params: JobListQuery): string {
  const search = new URLSearchParams();
  if (params.limit !== undefined) search.set('limit', String(params.limit));
  if (params.offset !== undefined) search.set('offset', String(params.offset));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * GET /api/jobs: open jobs, newest first. Called without parameters its key matches every page
 * of the list, which is what invalidation wants.
 */
export const jobsQueryOptions = (params: JobListQuery = {}) =>
  queryOptions({
    queryKey: ['/api/jobs', 'list', params],
    queryFn: ({ signal }) => api<Job[]>(`/api/jobs${listSearch(params)}`, { signal }),
  });

export function useJobs(params: JobListQuery = {}) {
  return useQuery(jobsQueryOptions(params));
}
