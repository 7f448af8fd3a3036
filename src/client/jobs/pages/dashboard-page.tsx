import {
  Building2,
  BriefcaseBusiness,
  ClipboardList,
  Gavel,
  LayoutDashboard,
  LogOut,
  Plus,
  Wrench,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '#shared/auth.js';
import { DASHBOARD_JOB_COUNT, type Job } from '#shared/jobs.js';
import { useUser } from '#client/auth/index.js';
import { loadProviderMode, myBidStatsQueryOptions, ProviderMode, QuickStats } from '#client/bids/index.js';
import { CreditSidebar, transactionsQueryOptions } from '#client/credits/index.js';
import { configQueryOptions } from '#client/lib/config.js';
import { LOGOUT_URL } from '#client/lib/query-client.js';
import { queryLoader } from '#client/lib/route-loader.js';
import { BecomeProviderCard } from '#client/providers/index.js';
import { TurnOnNotifications } from '#client/push/index.js';
import { serviceRequestsQueryOptions, ServiceRequestList } from '#client/service-requests/index.js';
import { Avatar } from '#client/ui/avatar.js';
import { Badge } from '#client/ui/badge.js';
import { Button } from '#client/ui/button.js';
import { Card, CardContent, CardHeader, CardTitle } from '#client/ui/card.js';
import { EmptyState } from '#client/ui/empty-state.js';
import { Page, PageHeader } from '#client/ui/page.js';
import { Skeleton } from '#client/ui/skeleton.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/ui/tabs.js';
import { myJobsQueryOptions, useMyJobs } from '../api/get-my-jobs.js';
import { JobCard } from '../components/job-card.js';
import { JobStatusBadge } from '../components/job-status-badge.js';
import { fullName } from '#shared/names.js';

type Mode = 'customer' | 'provider';

/**
 * What the dashboard shows first (its customer tab and sidebar, and a provider's tab: the open jobs and their marks),
 * for the page to be drawn from (app.tsx).
 */
export const dashboardLoader = queryLoader((queryClient, _args, user) => {
  if (!user) return Promise.resolve();
  const sidebar =
    user.role === 'provider'
      ? [
          queryClient.ensureQueryData(transactionsQueryOptions),
          loadProviderMode(queryClient, user.id),
          queryClient.ensureQueryData(myBidStatsQueryOptions),
        ]
      : [queryClient.ensureQueryData(configQueryOptions)];
  return Promise.all([
    queryClient.ensureQueryData(myJobsQueryOptions({ limit: DASHBOARD_JOB_COUNT })),
    queryClient.ensureQueryData(serviceRequestsQueryOptions('outgoing')),
    ...sidebar,
  ]);
});

/** Spec §2 dashboard: a local mode switch (data follows the real role), own jobs, and the sidebar. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { user } = useUser();
  const [mode, setMode] = useState<Mode>('customer');
  if (!user) return null;

  return (
    <Page>
      <PageHeader title={t('dashboard:welcome', { name: user.firstName })} description={t('dashboard:welcome_hint')} />
      <div className="grid gap-8 lg:grid-cols-3">
        <Tabs value={mode} onValueChange={(value) => setMode(value as Mode)} className="min-w-0 lg:col-span-2">
          <TabsList
            aria-label={t('dashboard:mode_label')}
            className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:h-11 sm:w-auto"
          >
            <TabsTrigger value="customer" className="py-2 whitespace-normal sm:whitespace-nowrap">
              <ClipboardList className="size-4" aria-hidden />
              {t('dashboard:mode_customer')}
            </TabsTrigger>
            <TabsTrigger value="provider" className="py-2 whitespace-normal sm:whitespace-nowrap">
              <Wrench className="size-4" aria-hidden />
              {t('dashboard:mode_provider')}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="customer" className="grid gap-10">
            <MyPostedJobs />
            <ServiceRequestList box="outgoing" />
          </TabsContent>
          <TabsContent value="provider" className="grid gap-10">
            {user.role === 'provider' && <ServiceRequestList box="incoming" />}
            <ProviderMode />
          </TabsContent>
        </Tabs>
        <aside className="grid content-start gap-6" aria-label={t('dashboard:sidebar_label')}>
          <ProfileCard user={user} />
          <TurnOnNotifications />
          {user.role === 'provider' ? (
            <>
              <CreditSidebar credits={user.credits} />
              <QuickStats />
            </>
          ) : (
            // In provider mode the main column already offers the upgrade.
            mode === 'customer' && <BecomeProviderCard />
          )}
          <QuickActions />
        </aside>
      </div>
    </Page>
  );
}

function MyPostedJobs() {
  const { t } = useTranslation('dashboard');
  const { data: jobs, isPending, isError } = useMyJobs({ limit: DASHBOARD_JOB_COUNT });
  const postButton = (
    <Button asChild>
      <Link to="/post-job">
        <Plus aria-hidden />
        {t('dashboard:post_new_job')}
      </Link>
    </Button>
  );

  return (
    <section className="grid gap-5" aria-labelledby="my-jobs-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="my-jobs-title" className="text-xl font-bold tracking-tight">
          {t('dashboard:my_jobs')}
        </h2>
        {postButton}
      </div>
      {isPending && (
        <div className="grid gap-4 md:grid-cols-2">
          {Array.from({ length: 2 }, (_, i) => (
            <Skeleton key={i} className="h-80 rounded-2xl" />
          ))}
        </div>
      )}
      {isError && <p className="text-sm text-destructive">{t('dashboard:my_jobs_failed')}</p>}
      {jobs?.length === 0 && (
        <EmptyState
          icon={BriefcaseBusiness}
          title={t('dashboard:no_jobs')}
          description={t('dashboard:no_jobs_hint')}
          action={postButton}
        />
      )}
      {jobs && jobs.length > 0 && (
        <ul className="grid gap-4 md:grid-cols-2" data-testid="my-jobs">
          {jobs.map((job) => (
            <li key={job.id}>
              <JobCard job={job} actions={<OwnJobStatus job={job} />} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The card itself shows the bid count and cap (job-card.tsx); the owner also sees the status here. */
function OwnJobStatus({ job }: { job: Job }) {
  return (
    <div className="flex items-center justify-between gap-3 text-sm text-muted-foreground">
      <JobStatusBadge status={job.status} />
    </div>
  );
}

function ProfileCard({ user }: { user: User }) {
  const { t } = useTranslation('dashboard');
  const name = fullName(user);
  return (
    <Card>
      <CardContent className="flex items-center gap-4">
        <Avatar name={name} src={user.profileImageUrl} className="size-14 text-lg" />
        <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-1">
          <p className="truncate font-semibold text-foreground">{name}</p>
          <p className="truncate text-sm text-muted-foreground">{user.email}</p>
          <Badge variant={user.role === 'provider' ? 'default' : 'secondary'} className="justify-self-start">
            {user.role === 'provider' ? t('dashboard:role_provider') : t('dashboard:role_customer')}
          </Badge>
        </div>
      </CardContent>
    </Card>
  );
}

function QuickActions() {
  const { t } = useTranslation('dashboard');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t('dashboard:quick_actions')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        <QuickAction to="/post-job" icon={<Plus aria-hidden />}>
          {t('dashboard:action_post_job')}
        </QuickAction>
        <QuickAction to="/dashboard" icon={<LayoutDashboard aria-hidden />}>
          {t('dashboard:action_dashboard')}
        </QuickAction>
        <QuickAction to="/provider-dashboard" icon={<Gavel aria-hidden />}>
          {t('dashboard:action_my_bids')}
        </QuickAction>
        <QuickAction to="/business-profile" icon={<Building2 aria-hidden />}>
          {t('dashboard:action_business_profile')}
        </QuickAction>
        {/* Logout is a full-page navigation (spec §2). */}
        <Button
          asChild
          variant="ghost"
          className="justify-start text-destructive hover:bg-destructive-soft hover:text-destructive-strong"
        >
          <a href={LOGOUT_URL}>
            <LogOut aria-hidden />
            {t('dashboard:action_logout')}
          </a>
        </Button>
      </CardContent>
    </Card>
  );
}

function QuickAction({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Button asChild variant="outline" className="justify-start">
      <Link to={to}>
        {icon}
        {children}
      </Link>
    </Button>
  );
}
