import { ExternalLink, Star, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TrackedJob } from '#shared/projects.js';
import { JobStatusBadge } from '#client/jobs/index.js';
import { MessageButton } from '#client/messages/index.js';
import { Button } from '#client/ui/button.js';
import { DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/ui/dialog.js';
import { JobActions } from './job-actions.js';
import { MilestoneList } from './milestone-list.js';
import { ProgressBar } from './progress-bar.js';
import { ReviewForm } from './review-form.js';

export const providerName = (job: TrackedJob) =>
  job.acceptedProvider ? job.acceptedProvider.businessName || job.acceptedProvider.name : null;

/** The project dialog: milestones, progress, the hired provider (or customer) and the job's actions. */
export function ProjectDialogContent({ job }: { job: TrackedJob }) {
  const { t } = useTranslation();
  const hiredName = providerName(job);
  const hired = job.acceptedProvider;
  const counterpart = job.isOwner
    ? hired && { id: hired.id, name: hiredName!, label: t('projects:accepted_provider') }
    : { id: job.customer.id, name: job.customer.name, label: t('projects:customer') };
  const started = job.status !== 'open' && hired !== null;

  return (
    <DialogContent className="max-w-2xl" data-testid="project-dialog">
      <DialogHeader>
        <div className="flex flex-wrap items-center gap-2">
          <JobStatusBadge status={job.status} />
        </div>
        <DialogTitle className="text-xl">{job.title}</DialogTitle>
        <DialogDescription>{t('projects:dialog_description')}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-5">
        {counterpart && (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-muted/70 p-3">
            <div className="flex items-center gap-2 text-sm">
              <UserRound className="size-4 text-muted-foreground" aria-hidden />
              <span className="text-muted-foreground">{counterpart.label}:</span>
              <span className="font-semibold">{counterpart.name}</span>
            </div>
            <MessageButton
              jobId={job.id}
              jobTitle={job.title}
              receiverId={counterpart.id}
              receiverName={counterpart.name}
            />
          </div>
        )}
        {started && <ProgressBar value={job.progressPercentage} />}
        {started && <MilestoneList jobId={job.id} isOwner={job.isOwner} inProgress={job.status === 'in_progress'} />}
        {job.isOwner && job.status === 'completed' && hired && !job.isReviewed && (
          <ReviewForm jobId={job.id} providerName={hiredName!} />
        )}
        {job.isReviewed && (
          <p className="inline-flex items-center gap-2 text-sm font-medium text-success-strong" data-testid="reviewed">
            <Star className="size-4 fill-current" aria-hidden />
            {t('projects:reviewed')}
          </p>
        )}
        <div className="flex flex-wrap items-start justify-between gap-3 border-t border-border pt-4">
          {job.isOwner ? <JobActions jobId={job.id} status={job.status} /> : <span />}
          <Button asChild variant="link" size="sm">
            <Link to={`/jobs/${job.id}`}>
              {t('common:page_job_detail')}
              <ExternalLink aria-hidden />
            </Link>
          </Button>
        </div>
      </div>
    </DialogContent>
  );
}
