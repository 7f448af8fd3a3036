import type { Job } from '#shared/jobs.js';
import { jobsQueryOptions, useJobs } from '#client/jobs/index.js';

// One fetch size for every provider screen, so they share one cached query. It is a little more
// than the longest list (10) so that, once the provider's own jobs are left out, enough remain.
const FETCH_COUNT = 20;

/** The one query behind every provider screen's open jobs (for a route's loader). */
export const availableJobsQueryOptions = jobsQueryOptions({ limit: FETCH_COUNT });

/** Of the open jobs, those a provider may bid on (not their own), newest first, at most `count`. */
export const availableOf = (jobs: Job[], userId: string, count: number) =>
  jobs.filter((job) => job.customerId !== userId).slice(0, count);

/** Open jobs a provider may bid on (not their own), newest first, at most `count`. */
export function useAvailableJobs(userId: string, count: number) {
  const query = useJobs({ limit: FETCH_COUNT });
  const jobs = availableOf(query.data ?? [], userId, count);
  return { jobs, isPending: query.isPending, isError: query.isError };
}
