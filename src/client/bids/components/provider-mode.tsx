import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { BriefcaseBusiness, Coins, Lightbulb } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BID_TIER_COSTS, CHEAPEST_BID_COST } from '#shared/bids.js';
import type { User } from '#shared/auth.js';
import { useUser } from '#client/auth/index.js';
import { JobCard } from '#client/jobs/index.js';
import { BecomeProviderCard } from '#client/providers/index.js';
import { Badge } from '#client/ui/badge.js';
import { Button } from '#client/ui/button.js';
import { EmptyState } from '#client/ui/empty-state.js';
import { Skeleton } from '#client/ui/skeleton.js';
import { myBidsOnJobsQueryOptions } from '../api/get-my-bids.js';
import { availableJobsQueryOptions, availableOf, useAvailableJobs } from '../api/use-available-jobs.js';
import { QuickBid } from './quick-bid.js';

// Spec §9 'Lists': provider mode shows the first 10 available jobs.
const AVAILABLE_JOB_COUNT = 10;

/**
 * What provider mode reads first (the dashboard's loader): the open jobs it lists, then the provider's bids on those
 * jobs, which mark them 'already bid' (decision 048).
 */
export async function loadProviderMode(queryClient: QueryClient, userId: string) {
  const jobs = availableOf(await queryClient.ensureQueryData(availableJobsQueryOptions), userId, AVAILABLE_JOB_COUNT);
  if (jobs.length > 0) await queryClient.ensureQueryData(myBidsOnJobsQueryOptions(jobs.map((job) => job.id)));
}

/** The dashboard's 'I Provide Services' mode (spec §2): available jobs with a quick bid on each. */
export function ProviderMode() {
  const { user } = useUser();
  if (!user) return null;
  if (user.role !== 'provider') return <BecomeProviderCard />;
  return <AvailableJobs user={user} />;
}

function AvailableJobs({ user }: { user: User }) {
  const { t } = useTranslation();
  const { jobs, isPending, isError } = useAvailableJobs(user.id, AVAILABLE_JOB_COUNT);
  // The provider's bids on exactly these jobs, however many bids they placed elsewhere since (decision 048). When a
  // new lead joins the list, the jobs already marked keep their controls (and a quick bid being typed) meanwhile.
  const marks = useQuery({
    ...myBidsOnJobsQueryOptions(jobs.map((job) => job.id)),
    enabled: jobs.length > 0,
    placeholderData: keepPreviousData,
  });
  const known = new Set(marks.data?.jobIds);
  const bidByJob = new Map((marks.data?.bids ?? []).map((bid) => [bid.jobId, bid]));

  return (
    <section className="grid gap-5" aria-labelledby="available-jobs-title" data-testid="provider-mode">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <h2 id="available-jobs-title" className="text-xl font-bold tracking-tight">
            {t('bids:available_jobs')}
          </h2>
          <Badge variant="warning" className="bg-accent-soft text-accent-strong" data-testid="provider-mode-credits">
            <Coins aria-hidden />
            {t('bids:credits_badge', { count: user.credits })}
          </Badge>
        </div>
        {user.credits < CHEAPEST_BID_COST && (
          <Button asChild size="sm">
            <Link to="/buy-credits">{t('bids:buy_credits')}</Link>
          </Button>
        )}
      </div>

      <aside className="flex gap-3 rounded-xl border border-info/20 bg-info-soft p-4 text-sm text-info-strong">
        <Lightbulb className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p>
          <strong className="font-semibold">{t('bids:theory_title')}</strong>{' '}
          {t('bids:theory_body', {
            regular: BID_TIER_COSTS.regular,
            block: BID_TIER_COSTS.block,
            bust: BID_TIER_COSTS.bust,
          })}
        </p>
      </aside>

      {isPending && (
        <div className="grid gap-4">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-44 rounded-2xl" />
          ))}
        </div>
      )}
      {isError && <p className="text-sm text-destructive">{t('bids:jobs_load_failed')}</p>}
      {!isPending && !isError && jobs.length === 0 && (
        <EmptyState
          icon={BriefcaseBusiness}
          title={t('bids:no_jobs_available')}
          description={t('bids:no_jobs_available_hint')}
        />
      )}
      {jobs.length > 0 && (
        <ul className="grid gap-4 md:grid-cols-2">
          {jobs.map((job) => (
            <li key={job.id}>
              <JobCard
                job={job}
                actions={
                  // No quick bid before the marks say whether the job has theirs (if they cannot be read, the
                  // server still refuses a second bid).
                  known.has(job.id) || marks.isError ? (
                    <QuickBid job={job} credits={user.credits} existingBid={bidByJob.get(job.id)} />
                  ) : (
                    <Skeleton className="h-8 w-28 self-start" />
                  )
                }
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
