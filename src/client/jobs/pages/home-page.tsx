import { ArrowRight, BriefcaseBusiness, LayoutDashboard, Plus, Search, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_JOB_COUNT } from '#shared/jobs.js';
import { useUser } from '#client/auth/index.js';
import { cn } from '#client/lib/cn.js';
import { Card } from '#client/ui/card.js';
import { EmptyState } from '#client/ui/empty-state.js';
import { Page, PageHeader } from '#client/ui/page.js';
import { Skeleton } from '#client/ui/skeleton.js';
import { useJobs } from '../api/get-jobs.js';
import { JobCard } from '../components/job-card.js';

type Step = { to: string; icon: LucideIcon; title: string; text: string };

/** The logged-in home (spec §2 route '/'): welcome, next steps, and the newest open jobs. */
export function HomePage() {
  const { t } = useTranslation('dashboard');
  const { user } = useUser();
  const isProvider = user?.role === 'provider';
  const steps: Step[] = [
    { to: '/post-job', icon: Plus, title: t('dashboard:home_step_post'), text: t('dashboard:home_step_post_hint') },
    {
      to: '/dashboard',
      icon: LayoutDashboard,
      title: t('dashboard:home_step_dashboard'),
      text: t('dashboard:home_step_dashboard_hint'),
    },
  ];
  if (isProvider) {
    steps.push({
      to: '/provider-dashboard',
      icon: Search,
      title: t('dashboard:home_step_browse'),
      text: t('dashboard:home_step_browse_hint'),
    });
  }

  return (
    <Page>
      <PageHeader
        title={t('dashboard:welcome', { name: user?.firstName ?? '' })}
        description={isProvider ? t('dashboard:home_intro_provider') : t('dashboard:home_intro_customer')}
      />
      <section aria-labelledby="next-steps-title" className="mb-12">
        <h2 id="next-steps-title" className="mb-4 text-lg font-semibold tracking-tight">
          {t('dashboard:home_next_steps')}
        </h2>
        <ul className={cn('grid gap-4 sm:grid-cols-2', isProvider && 'lg:grid-cols-3')}>
          {steps.map((step) => (
            <li key={step.to}>
              <StepCard step={step} />
            </li>
          ))}
        </ul>
      </section>
      <RecentJobs />
    </Page>
  );
}

function StepCard({ step }: { step: Step }) {
  const Icon = step.icon;
  return (
    <Link
      to={step.to}
      className="group block h-full rounded-2xl focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <Card className="flex h-full items-start gap-4 p-5 transition group-hover:border-primary/40 group-hover:shadow-lift">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary">
          <Icon className="size-5" aria-hidden />
        </span>
        <span className="grid flex-1 gap-1">
          <span className="font-semibold text-foreground">{step.title}</span>
          <span className="text-sm text-muted-foreground">{step.text}</span>
        </span>
        <ArrowRight
          className="mt-1 size-4 shrink-0 text-muted-foreground transition group-hover:translate-x-0.5 group-hover:text-primary"
          aria-hidden
        />
      </Card>
    </Link>
  );
}

function RecentJobs() {
  const { t } = useTranslation('dashboard');
  const { data: jobs, isPending, isError } = useJobs({ limit: HOME_JOB_COUNT });
  return (
    <section aria-labelledby="recent-jobs-title" className="grid gap-5">
      <div className="grid gap-1">
        <h2 id="recent-jobs-title" className="text-xl font-bold tracking-tight">
          {t('dashboard:home_recent_jobs')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('dashboard:home_recent_jobs_hint')}</p>
      </div>
      {isPending && (
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-96 rounded-2xl" />
          ))}
        </div>
      )}
      {isError && <p className="text-sm text-destructive">{t('dashboard:home_recent_jobs_failed')}</p>}
      {jobs?.length === 0 && (
        <EmptyState
          icon={BriefcaseBusiness}
          title={t('dashboard:home_no_jobs')}
          description={t('dashboard:home_no_jobs_hint')}
        />
      )}
      {jobs && jobs.length > 0 && (
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {jobs.map((job) => (
            <li key={job.id}>
              <JobCard job={job} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
