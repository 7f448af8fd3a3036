import { useTranslation } from 'react-i18next';
import type { Job } from '#shared/jobs.js';
import { Card, CardContent, CardHeader, CardTitle } from '#client/ui/card.js';
import { JobActions } from './job-actions.js';
import { ProjectDialogButton } from './project-dialog-button.js';

/** On the owner's job page: the status actions, and the way to the project's milestones and review. */
export function OwnerJobCard({ job }: { job: Job }) {
  const { t } = useTranslation();
  const started = job.status !== 'open';
  if (job.status === 'cancelled') return null;
  return (
    <Card data-testid="owner-job-card">
      <CardHeader>
        <CardTitle>{t('projects:job_actions_heading')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <JobActions jobId={job.id} status={job.status} />
        {started && <ProjectDialogButton jobId={job.id} />}
      </CardContent>
    </Card>
  );
}
