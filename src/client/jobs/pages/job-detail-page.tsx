import { ArrowLeft, CalendarDays, CircleCheck, MapPin, SearchX, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Link, useParams, type ActionFunctionArgs } from 'react-router';
import type { Job } from '#shared/jobs.js';
import {
  ACCEPT_BID_INTENT,
  DECLINE_BID_INTENT,
  declineBidAction,
  DISPUTE_BID_INTENT,
  disputeBidAction,
  intelligenceQueryOptions,
  jobBidsQueryOptions,
  PLACE_BID_INTENT,
  placeBidAction,
} from '#client/bids/index.js';
import { routeQueryClient } from '#client/lib/route-context.js';
import { queryLoader } from '#client/lib/route-loader.js';
import { ApiError } from '#client/lib/api.js';
import { errorMessage } from '#client/lib/errors.js';
import { formatBudgetRange, formatDate } from '#client/lib/format.js';
import { useLanguage } from '#client/lib/i18n.js';
import { acceptBidAction } from '#client/projects/index.js';
import { Badge } from '#client/ui/badge.js';
import { Button } from '#client/ui/button.js';
import { Card, CardContent } from '#client/ui/card.js';
import { EmptyState } from '#client/ui/empty-state.js';
import { Page } from '#client/ui/page.js';
import { Skeleton } from '#client/ui/skeleton.js';
import { jobQueryOptions, useJob } from '../api/get-job.js';
import { categoryIcon, categoryLabel } from '../components/category.js';
import { BidSeats } from '../components/bid-seats.js';
import { JobStatusBadge } from '../components/job-status-badge.js';
import { PhotoGallery } from '../components/photo-gallery.js';
import { timelineLabel } from '../components/timeline.js';
import { BidArea } from './bid-area.js';

/**
 * What the job page shows first (app.tsx): the job; for its owner and for providers, its bids (a provider sees
 * their own); for a bidder whose bid bought them, the intelligence figures.
 */
export const jobLoader = queryLoader(async (queryClient, { params }, user) => {
  const jobId = params.id ?? '';
  const job = await queryClient.ensureQueryData(jobQueryOptions(jobId));
  if (!user || (job.customerId !== user.id && user.role !== 'provider')) return;
  const [own] = await queryClient.ensureQueryData(jobBidsQueryOptions(jobId));
  if (job.customerId !== user.id && own && own.tier !== 'regular') {
    await queryClient.ensureQueryData(intelligenceQueryOptions(jobId));
  }
});

/**
 * The job page's forms (docs/decisions/030), told apart by their `intent`: a provider's bid and the owner's
 * 'Accept bid' and 'Not for me', and the bidder's 'Dispute'. Runs in the browser for a form sent by scripts, and on the server for one the browser posted.
 */
export async function jobAction({ request, params, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const jobId = params.id ?? '';
  const queryClient = routeQueryClient(context);
  const intent = form.get('intent');
  if (intent === PLACE_BID_INTENT) return placeBidAction(jobId, form, queryClient);
  if (intent === ACCEPT_BID_INTENT) return acceptBidAction(jobId, form, queryClient);
  if (intent === DECLINE_BID_INTENT) return declineBidAction(jobId, form, queryClient);
  if (intent === DISPUTE_BID_INTENT) return disputeBidAction(form, queryClient);
  throw data(null, { status: 400, statusText: 'Bad Request' });
}

/** Spec §2 job detail /jobs/{id}: the job, its photos, and the bid area; 'Job Not Found' when missing. */
export function JobDetailPage() {
  const { id = '' } = useParams();
  const { data: job, isPending, error } = useJob(id);
  return (
    <Page>
      <BackLink />
      {isPending ? <JobDetailSkeleton /> : job ? <JobDetail job={job} /> : <JobLoadError error={error} />}
    </Page>
  );
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Button asChild variant="link" className="mb-6 text-muted-foreground hover:text-primary">
      <Link to="/dashboard">
        <ArrowLeft aria-hidden />
        {t('jobs:back_to_dashboard')}
      </Link>
    </Button>
  );
}

function JobDetail({ job }: { job: Job }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const Icon = categoryIcon(job.category);
  const requirements = [
    job.requiresLicense && t('jobs:requires_license'),
    job.requiresInsurance && t('jobs:requires_insurance'),
    job.requiresReferences && t('jobs:requires_references'),
  ].filter((text): text is string => Boolean(text));

  return (
    <div className="grid gap-8 lg:grid-cols-3">
      <div className="grid content-start gap-6 lg:col-span-2">
        <Card>
          <CardContent className="grid gap-6">
            <header className="grid gap-3">
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant="info">
                  <Icon aria-hidden />
                  {categoryLabel(job.category, t)}
                </Badge>
                <JobStatusBadge status={job.status} />
              </div>
              <h1 className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">{job.title}</h1>
              <div className="flex flex-wrap gap-x-5 gap-y-1.5 text-sm text-muted-foreground">
                <span className="inline-flex items-center gap-1.5">
                  <MapPin className="size-4" aria-hidden />
                  {job.location}
                </span>
                <span className="inline-flex items-center gap-1.5">
                  <CalendarDays className="size-4" aria-hidden />
                  <time dateTime={job.createdAt} suppressHydrationWarning>
                    {t('jobs:posted_on', { date: formatDate(job.createdAt, language) })}
                  </time>
                </span>
              </div>
            </header>

            <dl className="grid gap-3 rounded-xl bg-muted/70 p-4 sm:grid-cols-2">
              <Fact label={t('jobs:budget')}>
                <span className="text-xl font-bold text-foreground">
                  {formatBudgetRange(job.budgetMin, job.budgetMax, language, t)}
                </span>
              </Fact>
              {job.timeline && <Fact label={t('jobs:timeline')}>{timelineLabel(job.timeline, t)}</Fact>}
              <Fact label={t('jobs:bids')}>
                <BidSeats job={job} detailed />
              </Fact>
            </dl>

            <section className="grid gap-2">
              <h2 className="text-base font-semibold text-foreground">{t('jobs:description')}</h2>
              <p className="leading-relaxed whitespace-pre-line text-muted-foreground">{job.description}</p>
            </section>

            <section className="grid gap-2">
              <h2 className="text-base font-semibold text-foreground">{t('jobs:requirements')}</h2>
              {requirements.length > 0 ? (
                <ul className="grid gap-2 sm:grid-cols-3">
                  {requirements.map((text) => (
                    <li key={text} className="inline-flex items-center gap-2 text-sm text-foreground">
                      <CircleCheck className="size-4 text-success" aria-hidden />
                      {text}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-muted-foreground">{t('jobs:requirements_none')}</p>
              )}
            </section>
          </CardContent>
        </Card>

        {job.photos.length > 0 && (
          <Card>
            <CardContent className="grid gap-4">
              <h2 className="text-base font-semibold text-foreground">
                {t('jobs:photos_heading', { n: job.photos.length })}
              </h2>
              <PhotoGallery photos={job.photos} title={job.title} />
            </CardContent>
          </Card>
        )}
      </div>

      <aside className="grid content-start gap-6" aria-label={t('jobs:bids_aside')}>
        <BidArea job={job} />
      </aside>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="font-semibold text-foreground">{children}</dd>
    </div>
  );
}

function JobLoadError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <Card className="mx-auto max-w-lg">
      <CardContent>
        <EmptyState
          className="border-0"
          icon={missing ? SearchX : TriangleAlert}
          title={missing ? t('jobs:not_found_title') : t('jobs:load_error_title')}
          description={missing ? t('jobs:not_found_description') : errorMessage(error, t)}
          action={
            <Button asChild>
              <Link to="/dashboard">{t('jobs:back_to_dashboard')}</Link>
            </Button>
          }
        />
      </CardContent>
    </Card>
  );
}

function JobDetailSkeleton() {
  return (
    <div className="grid gap-8 lg:grid-cols-3" aria-busy>
      <Card className="lg:col-span-2">
        <CardContent className="grid gap-4">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-9 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-24 w-full" />
        </CardContent>
      </Card>
      <Skeleton className="h-48 w-full rounded-2xl" />
    </div>
  );
}
