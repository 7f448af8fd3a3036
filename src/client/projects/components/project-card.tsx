import { CalendarClock, Gavel, MessageSquare, UserRound, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TrackedJob } from '#shared/projects.js';
import { timelineLabel, JobStatusBadge } from '#client/jobs/index.js';
import { formatBudgetRange } from '#client/lib/format.js';
import { useHydrated } from '#client/lib/hydrated.js';
import { useLanguage } from '#client/lib/i18n.js';
import { Badge } from '#client/ui/badge.js';
import { Dialog, DialogTrigger } from '#client/ui/dialog.js';
import { ProgressBar } from './progress-bar.js';
import { ProjectDialogContent, providerName } from './project-dialog.js';

/** Spec §2 /projects card: title, description, status, progress, budget, timeline, provider, unread, bids. */
export function ProjectCard({ job }: { job: TrackedJob }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const hired = providerName(job);
  const hydrated = useHydrated();
  return (
    <Dialog>
      <DialogTrigger asChild>
        <button
          type="button"
          // It opens a dialog, which only scripts can: until the page has hydrated it is not in use.
          disabled={!hydrated}
          data-testid="project-card"
          data-job-id={job.id}
          className="grid h-full content-start gap-3 rounded-2xl border border-border bg-card p-5 text-left shadow-xs transition hover:border-primary/40 hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <div className="flex items-start justify-between gap-3">
            <h2 className="line-clamp-2 font-semibold text-foreground">{job.title}</h2>
            <JobStatusBadge status={job.status} className="shrink-0" />
          </div>
          {!job.isOwner && (
            <Badge variant="info" className="justify-self-start">
              {t('projects:hired_badge')}
            </Badge>
          )}
          <p className="line-clamp-2 text-sm text-muted-foreground">{job.description}</p>
          {job.status === 'in_progress' && <ProgressBar value={job.progressPercentage} />}
          <dl className="grid gap-1.5 text-sm">
            <Fact icon={Wallet} label={t('projects:budget')}>
              {formatBudgetRange(job.budgetMin, job.budgetMax, language, t)}
            </Fact>
            {job.timeline && (
              <Fact icon={CalendarClock} label={t('projects:timeline')}>
                {timelineLabel(job.timeline, t)}
              </Fact>
            )}
            <Fact icon={UserRound} label={job.isOwner ? t('projects:accepted_provider') : t('projects:customer')}>
              {job.isOwner ? (hired ?? t('projects:not_hired')) : job.customer.name}
            </Fact>
          </dl>
          <div className="mt-auto flex flex-wrap gap-2 pt-1">
            {job.unreadMessages > 0 && (
              <Badge variant="warning" data-testid="project-unread">
                <MessageSquare aria-hidden />
                {t('projects:unread_messages', { count: job.unreadMessages })}
              </Badge>
            )}
            {job.status === 'open' && job.isOwner && (
              <Badge variant="neutral">
                <Gavel aria-hidden />
                {t('projects:bids_count', { count: job.totalBids })}
              </Badge>
            )}
          </div>
        </button>
      </DialogTrigger>
      <ProjectDialogContent job={job} />
    </Dialog>
  );
}

type FactProps = { icon: typeof Wallet; label: string; children: React.ReactNode };

function Fact({ icon: Icon, label, children }: FactProps) {
  return (
    <div className="flex items-center gap-2">
      <Icon className="size-4 shrink-0 text-subtle-foreground" aria-hidden />
      <dt className="sr-only">{label}</dt>
      <dd className="truncate text-foreground">{children}</dd>
    </div>
  );
}
