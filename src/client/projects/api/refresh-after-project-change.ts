import type { QueryClient } from '@tanstack/react-query';
import { jobBidsQueryOptions, myBidsQueryOptions, myDisputesQueryOptions } from '#client/bids/index.js';
import { jobQueryOptions, jobsQueryOptions, myJobsQueryOptions } from '#client/jobs/index.js';
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
    // A dispute's decision arrives as bid.updated (docs/contract.md §3.9).
    queryClient.invalidateQueries({ queryKey: myDisputesQueryOptions.queryKey }),
  ]);
}
