import { CheckCircle2, Circle, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MILESTONE_TITLE_MAX_LENGTH } from '#shared/projects.js';
import { errorMessage } from '#client/lib/errors.js';
import { Button } from '#client/ui/button.js';
import { Input } from '#client/ui/input.js';
import { Skeleton } from '#client/ui/skeleton.js';
import { toast } from '#client/ui/toast.js';
import { useAddMilestone } from '../api/add-milestone.js';
import { useCompleteMilestone } from '../api/complete-milestone.js';
import { useMilestones } from '../api/get-milestones.js';

type MilestoneListProps = { jobId: string; isOwner: boolean; inProgress: boolean };

/** Milestones of a project: the owner adds them while the job is in progress; either side completes them. */
export function MilestoneList({ jobId, isOwner, inProgress }: MilestoneListProps) {
  const { t } = useTranslation();
  const { data: milestones, isPending } = useMilestones(jobId);
  const complete = useCompleteMilestone(jobId);
  const onError = (error: unknown) => toast({ title: errorMessage(error, t), variant: 'destructive' });

  return (
    <section className="grid gap-3" aria-labelledby="milestones-heading">
      <div>
        <h3 id="milestones-heading" className="font-semibold">
          {t('projects:milestones')}
        </h3>
        {inProgress && <p className="text-xs text-muted-foreground">{t('projects:milestones_hint')}</p>}
      </div>
      {isPending ? (
        <Skeleton className="h-16" />
      ) : milestones && milestones.length > 0 ? (
        <ol className="grid gap-2" data-testid="milestones">
          {milestones.map((milestone) => {
            const done = milestone.status === 'completed';
            return (
              <li
                key={milestone.id}
                data-testid="milestone"
                data-status={milestone.status}
                className="flex items-center gap-3 rounded-lg border border-border px-3 py-2"
              >
                {done ? (
                  <CheckCircle2 className="size-5 shrink-0 text-success" aria-hidden />
                ) : (
                  <Circle className="size-5 shrink-0 text-subtle-foreground" aria-hidden />
                )}
                <span className={done ? 'flex-1 text-sm text-muted-foreground line-through' : 'flex-1 text-sm'}>
                  {milestone.title}
                </span>
                {!done && inProgress && (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={complete.isPending}
                    onClick={() =>
                      complete.mutate(milestone.id, {
                        onSuccess: () => toast({ title: t('projects:milestone_completed'), variant: 'success' }),
                        onError,
                      })
                    }
                  >
                    {t('projects:complete_milestone')}
                  </Button>
                )}
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="text-sm text-muted-foreground">{t('projects:no_milestones')}</p>
      )}
      {isOwner && inProgress && <AddMilestone jobId={jobId} onError={onError} />}
    </section>
  );
}

function AddMilestone({ jobId, onError }: { jobId: string; onError: (error: unknown) => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const add = useAddMilestone(jobId);
  const trimmed = title.trim();
  return (
    <form
      className="flex gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!trimmed) return;
        // Cleared at once so the next title can be typed; put back if the add fails.
        setTitle('');
        add.mutate(
          { title: trimmed },
          {
            onError: (error) => {
              setTitle(trimmed);
              onError(error);
            },
          },
        );
      }}
    >
      <Input
        value={title}
        maxLength={MILESTONE_TITLE_MAX_LENGTH}
        onChange={(event) => setTitle(event.target.value)}
        placeholder={t('projects:milestone_placeholder')}
        aria-label={t('projects:milestone_title_label')}
      />
      <Button type="submit" disabled={!trimmed}>
        <Plus aria-hidden />
        {t('projects:add_milestone')}
      </Button>
    </form>
  );
}
