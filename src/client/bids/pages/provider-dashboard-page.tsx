import { BriefcaseBusiness, Coins, Gavel, MapPin, ShieldAlert, Trophy, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { data, Link, useSearchParams, type ActionFunctionArgs } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { User } from '#shared/auth.js';
import { useUser } from '#client/auth/index.js';
import { availableJobsQueryOptions, useAvailableJobs } from '../api/use-available-jobs.js';
import { formatBudgetRange, formatDate, formatMoney } from '#client/lib/format.js';
import { useLanguage } from '#client/lib/i18n.js';
import { routeQueryClient } from '#client/lib/route-context.js';
import { queryLoader } from '#client/lib/route-loader.js';
import { Avatar } from '#client/ui/avatar.js';
import { Button } from '#client/ui/button.js';
import { Card, CardContent, CardHeader, CardTitle } from '#client/ui/card.js';
import { EmptyState } from '#client/ui/empty-state.js';
import { Page, PageHeader } from '#client/ui/page.js';
import { PageLinks } from '#client/ui/page-links.js';
import { Skeleton } from '#client/ui/skeleton.js';
import { fetchMyBidsAfter, myBidsAfterQueryOptions, myBidsQueryOptions, useMyBids } from '../api/get-my-bids.js';
import { useShowMore } from '#client/lib/paging.js';
import { myBidStatsQueryOptions, useMyBidStats } from '../api/get-my-bid-stats.js';
import { BidStatusBadge, TierBadge } from '../components/tier-badge.js';
import { BidTimeline } from '../components/bid-timeline.js';
import { DISPUTE_BID_INTENT, DisputeControl } from '../components/dispute-form.js';
import { MyDisputesCard } from '../components/my-disputes.js';
import { disputeBidAction, myDisputesQueryOptions } from '../api/dispute-bid.js';
import { fullName } from '#shared/names.js';

// Spec §9 'Lists': 5 jobs, 3 recent bids, descriptions cut to 100 characters.
const JOB_COUNT = 5;
const RECENT_BID_COUNT = 3;
const PROVIDER_DASHBOARD_PATH = '/provider-dashboard';
const DESCRIPTION_LENGTH = 100;

const cut = (text: string) =>
  text.length > DESCRIPTION_LENGTH ? `${text.slice(0, DESCRIPTION_LENGTH).trimEnd()}…` : text;

/** What a provider's dashboard shows first (app.tsx): their bids and the open jobs. */
export const providerDashboardLoader = queryLoader((queryClient, { request }, user) => {
  const before = new URL(request.url).searchParams.get('before');
  return user?.role === 'provider'
    ? Promise.all([
        queryClient.ensureQueryData(myBidStatsQueryOptions),
        before === null
          ? queryClient.ensureQueryData(myBidsQueryOptions)
          : queryClient.ensureQueryData(myBidsAfterQueryOptions(before)),
        queryClient.ensureQueryData(availableJobsQueryOptions),
        queryClient.ensureQueryData(myDisputesQueryOptions),
      ])
    : Promise.resolve();
});

/** The dashboard's form (docs/decisions/030): a recent bid's 'Dispute', in the browser or posted natively. */
export async function providerDashboardAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (form.get('intent') === DISPUTE_BID_INTENT) return disputeBidAction(form, routeQueryClient(context));
  throw data(null, { status: 400, statusText: 'Bad Request' });
}

/** The provider-only dashboard, second reading (spec §2). */
export function ProviderDashboardPage() {
  const { t } = useTranslation();
  const { user } = useUser();
  if (!user) return null;
  if (user.role !== 'provider') {
    return (
      <Page width="narrow">
        <EmptyState
          icon={ShieldAlert}
          title={t('bids:access_denied_title')}
          description={t('bids:access_denied_description')}
        />
      </Page>
    );
  }
  return <ProviderDashboard user={user} />;
}

function ProviderDashboard({ user }: { user: User }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const stats = useMyBidStats();
  const name = fullName(user);
  const before = useSearchParams()[0].get('before');

  return (
    <Page>
      <PageHeader title={t('bids:provider_dashboard_title')} description={t('bids:provider_dashboard_description')} />
      <div className="grid gap-6 lg:grid-cols-[320px_1fr]">
        <div className="grid content-start gap-6">
          <Card data-testid="provider-profile">
            <CardContent className="grid gap-4">
              <div className="flex items-center gap-3">
                <Avatar name={name} src={user.profileImageUrl} className="size-12" />
                <div className="grid min-w-0">
                  <span className="truncate font-semibold">{name}</span>
                  <span className="text-sm text-muted-foreground">{t('bids:role_provider')}</span>
                </div>
              </div>
              <div className="flex items-center justify-between rounded-xl bg-accent-soft px-4 py-3">
                <span className="flex items-center gap-2 text-sm font-medium text-accent-strong">
                  <Coins className="size-4" aria-hidden />
                  {t('bids:balance')}
                </span>
                <span className="text-xl font-extrabold tabular-nums text-accent-strong">{user.credits}</span>
              </div>
              <Button asChild className="w-full">
                <Link to="/checkout">{t('bids:buy_credits')}</Link>
              </Button>
            </CardContent>
          </Card>
          <div className="grid grid-cols-3 gap-3 lg:grid-cols-1">
            <StatTile
              icon={<Gavel className="size-4" aria-hidden />}
              label={t('bids:stats_active_bids')}
              value={stats.data ? String(stats.data.activeBids) : '…'}
            />
            <StatTile
              icon={<Trophy className="size-4" aria-hidden />}
              label={t('bids:stats_jobs_won')}
              value={stats.data ? String(stats.data.jobsWon) : '…'}
            />
            <StatTile
              icon={<Wallet className="size-4" aria-hidden />}
              label={t('bids:stats_total_earnings')}
              value={stats.data ? formatMoney(stats.data.totalEarnings, language) : '…'}
            />
          </div>
        </div>
        <div className="grid content-start gap-6">
          <AvailableJobsCard userId={user.id} />
          <RecentBids key={before ?? ''} before={before} />
          <MyDisputesCard />
        </div>
      </div>
    </Page>
  );
}

/**
 * The newest bids (spec §9: 3), then 'Show more' a page at a time (docs/contract.md §3.3). With `?before=` (the link
 * followed without scripts) the page of bids after that one, rendered by the server.
 */
function RecentBids({ before }: { before: string | null }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const newest = useMyBids({ enabled: before === null });
  const after = useQuery({ ...myBidsAfterQueryOptions(before ?? ''), enabled: before !== null });
  const shown = before === null ? (newest.data ?? []).slice(0, RECENT_BID_COUNT) : (after.data?.items ?? []);
  const hasMore = before === null ? (newest.data?.length ?? 0) > RECENT_BID_COUNT : Boolean(after.data?.nextBefore);
  const list = useShowMore({ key: myBidsQueryOptions.queryKey, fetch: fetchMyBidsAfter, shown, hasMore });
  const isPending = before === null ? newest.isPending : after.isPending;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('bids:recent_bids')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {isPending && <Skeleton className="h-32" />}
        {!isPending && list.items.length === 0 && (
          <p className="text-sm text-muted-foreground">
            {t(before === null ? 'bids:no_bids_yet' : 'bids:no_more_bids')}
          </p>
        )}
        <ul className="grid gap-3">
          {list.items.map((bid) => (
            <li
              key={bid.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border p-3"
              data-testid="recent-bid"
            >
              <div className="grid min-w-0 gap-1">
                <Link to={`/jobs/${bid.jobId}`} className="truncate font-medium hover:text-primary">
                  {bid.jobTitle}
                </Link>
                <span className="text-xs text-muted-foreground" suppressHydrationWarning>
                  {formatDate(bid.createdAt, language)}
                </span>
                <BidTimeline entries={bid.timeline} />
              </div>
              <div className="flex items-center gap-2">
                <TierBadge tier={bid.tier} />
                <span className="font-semibold tabular-nums">{formatMoney(bid.amount, language)}</span>
                <BidStatusBadge status={bid.status} />
              </div>
              <DisputeControl bid={bid} />
            </li>
          ))}
        </ul>
        <PageLinks
          path={PROVIDER_DASHBOARD_PATH}
          last={list.last}
          onShowMore={list.showMore}
          later={before !== null}
          showMoreLabel={t('bids:show_more_bids')}
          firstPageLabel={t('bids:newest_bids')}
        />
      </CardContent>
    </Card>
  );
}

function StatTile({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Card className="p-4">
      <p className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
        {icon}
        {label}
      </p>
      <p className="mt-1 text-2xl font-bold tabular-nums">{value}</p>
    </Card>
  );
}

function AvailableJobsCard({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { jobs, isPending } = useAvailableJobs(userId, JOB_COUNT);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('bids:available_jobs')}</CardTitle>
      </CardHeader>
      <CardContent>
        {isPending && <Skeleton className="h-40" />}
        {!isPending && jobs.length === 0 && (
          <EmptyState icon={BriefcaseBusiness} title={t('bids:no_jobs_available')} className="py-8" />
        )}
        <ul className="grid gap-3">
          {jobs.map((job) => (
            <li
              key={job.id}
              className="grid gap-1.5 rounded-xl border border-border p-4"
              data-testid="provider-dashboard-job"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <Link to={`/jobs/${job.id}`} className="font-semibold hover:text-primary">
                  {job.title}
                </Link>
                <span className="text-sm font-semibold text-foreground">
                  {formatBudgetRange(job.budgetMin, job.budgetMax, language, t)}
                </span>
              </div>
              <p className="text-sm text-muted-foreground">{cut(job.description)}</p>
              <p className="flex items-center gap-1 text-xs text-muted-foreground" suppressHydrationWarning>
                <MapPin className="size-3.5" aria-hidden />
                {job.location}
                <span aria-hidden> · </span>
                {formatDate(job.createdAt, language)}
              </p>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
