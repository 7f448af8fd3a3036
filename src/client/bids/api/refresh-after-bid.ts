import type { QueryClient } from '@tanstack/react-query';
import { userQueryOptions } from '#client/auth/index.js';
import { transactionsQueryOptions } from '#client/credits/index.js';
import { jobQueryOptions, jobsQueryOptions } from '#client/jobs/index.js';
import { intelligenceQueryOptions } from './get-intelligence.js';
import { jobBidsQueryOptions } from './get-job-bids.js';
import { myBidsQueryOptions } from './get-my-bids.js';

/** A bid changes the job lists, the caller's bids, the job's bids, the balance (top bar) and the ledger. */
export function refreshAfterBid(queryClient: QueryClient, jobId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: jobsQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: myBidsQueryOptions.queryKey }),
    // The job's key prefixes its bids and intelligence; all three are listed to say what changes.
    queryClient.invalidateQueries({ queryKey: jobQueryOptions(jobId).queryKey }),
    queryClient.invalidateQueries({ queryKey: jobBidsQueryOptions(jobId).queryKey }),
    queryClient.invalidateQueries({ queryKey: intelligenceQueryOptions(jobId).queryKey }),
    queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey }),
    queryClient.invalidateQueries({ queryKey: transactionsQueryOptions.queryKey }),
  ]);
}
