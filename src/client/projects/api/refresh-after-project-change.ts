import type { QueryClient } from '@tanstack/react-query';
import { jobBidsQueryOptions } from '#client/bids/api/get-job-bids.js';
import { myBidsQueryOptions } from '#client/bids/api/get-my-bids.js';
import { jobQueryOptions } from '#client/jobs/api/get-job.js';
import { jobsQueryOptions } from '#client/jobs/api/get-jobs.js';
import { myJobsQueryOptions } from '#client/jobs/api/get-my-jobs.js';
import { milestonesQueryOptions } from './get-milestones.js';
import { trackingQueryKeyRoot } from './get-tracking.js';

/** A hire, a status change or a milestone changes the job, its bids, its milestones and every job list. */
export function refreshAfterProjectChange(queryClient: QueryClient, jobId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: jobQueryOptions(jobId).queryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: jobBidsQueryOptions(jobId).queryKey }),
    queryClient.invalidateQueries({ queryKey: milestonesQueryOptions(jobId).queryKey }),
    queryClient.invalidateQueries({ queryKey: trackingQueryKeyRoot }),
    queryClient.invalidateQueries({ queryKey: jobsQueryOptions().queryKey.slice(0, 2) }),
    queryClient.invalidateQueries({ queryKey: myJobsQueryOptions().queryKey.slice(0, 1) }),
    queryClient.invalidateQueries({ queryKey: myBidsQueryOptions.queryKey }),
  ]);
}
