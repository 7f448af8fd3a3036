import { CircleCheck, CircleX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { JobStatus } from '#shared/jobs.js';
import { errorMessage } from '#client/lib/errors.js';
import { ConfirmAction } from '#client/ui/confirm-action.js';
import { toast } from '#client/ui/toast.js';
import { useUpdateJobStatus } from '../api/update-job-status.js';

/** The owner's status actions (docs/contract.md §3.4): cancel an open job; complete or cancel one in progress. */
export function JobActions({ jobId, status }: { jobId: string; status: JobStatus }) {
  const { t } = useTranslation();
  const update = useUpdateJobStatus(jobId);
  if (status !== 'open' && status !== 'in_progress') return null;
  const run = (next: JobStatus) =>
    update.mutate(next, {
      onSuccess: () => toast({ title: t('projects:status_updated'), variant: 'success' }),
      onError: (error) => toast({ title: errorMessage(error, t, 'projects:status_failed'), variant: 'destructive' }),
    });
  return (
    <div className="flex flex-wrap gap-2" data-testid="job-actions">
      {status === 'in_progress' && (
        <ConfirmAction
          cancelLabel={t('projects:cancel_keep')}
          variant="default"
          label={
            <>
              <CircleCheck aria-hidden />
              {t('projects:complete_job')}
            </>
          }
          question={t('projects:complete_confirm')}
          pending={update.isPending}
          onConfirm={() => run('completed')}
        />
      )}
      <ConfirmAction
        cancelLabel={t('projects:cancel_keep')}
        variant="destructive"
        label={
          <>
            <CircleX aria-hidden />
            {t('projects:cancel_job')}
          </>
        }
        question={status === 'open' ? t('projects:cancel_confirm_open') : t('projects:cancel_confirm_in_progress')}
        pending={update.isPending}
        onConfirm={() => run('cancelled')}
      />
    </div>
  );
}
