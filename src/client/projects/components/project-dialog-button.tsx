import { FolderKanban } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#client/ui/button.js';
import { Dialog, DialogTrigger } from '#client/ui/dialog.js';
import { useTracking } from '../api/get-tracking.js';
import { ProjectDialogContent } from './project-dialog.js';

/** 'Manage project' on a job page: the same dialog as /projects, for the owner or the hired provider. */
export function ProjectDialogButton({ jobId }: { jobId: string }) {
  const { t } = useTranslation();
  const { data: projects } = useTracking(null);
  const job = projects?.find((p) => p.id === jobId);
  if (!job) return null;
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="justify-self-start" data-testid="manage-project">
          <FolderKanban aria-hidden />
          {t('projects:manage_project')}
        </Button>
      </DialogTrigger>
      <ProjectDialogContent job={job} />
    </Dialog>
  );
}
