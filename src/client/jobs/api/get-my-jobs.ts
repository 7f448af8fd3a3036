import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Job, JobListQuery } from '#shared/jobs.js';
import { api } from '#client/lib/api.js';
import { listSearch } from './get-jobs.js';

/** GET /api/my-jobs: the caller's own jobs in every status, newest first. */
export const myJobsQueryOptions = (params: JobListQuery = {}) =>
  queryOptions({
    queryKey: ['/api/my-jobs', params],
    queryFn: ({ signal }) => api<Job[]>(`/api/my-jobs${listSearch(params)}`, { signal }),
  });

export function useMyJobs(params: JobListQuery = {}) {
  return useQuery(myJobsQueryOptions(params));
}
