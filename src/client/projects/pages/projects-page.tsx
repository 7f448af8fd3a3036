import { FolderKanban, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { JobStatus } from '#shared/jobs.js';
import { cn } from '#client/lib/cn.js';
import { queryLoader } from '#client/lib/route-loader.js';
import { Button } from '#client/ui/button.js';
import { Card } from '#client/ui/card.js';
import { EmptyState } from '#client/ui/empty-state.js';
import { Page, PageHeader } from '#client/ui/page.js';
import { Skeleton } from '#client/ui/skeleton.js';
import { trackingQueryOptions, useTracking } from '../api/get-tracking.js';
import { ProjectCard } from '../components/project-card.js';

const FILTERS: { status: JobStatus | null; labelKey: string }[] = [
  { status: null, labelKey: 'projects:filter_all' },
  { status: 'open', labelKey: 'projects:filter_open' },
  { status: 'in_progress', labelKey: 'projects:filter_in_progress' },
  { status: 'completed', labelKey: 'projects:filter_completed' },
  { status: 'cancelled', labelKey: 'projects:filter_cancelled' },
];

/** What /projects shows first (app.tsx): every tracked job (the 'All' filter). */
export const projectsLoader = queryLoader((queryClient) => queryClient.ensureQueryData(trackingQueryOptions(null)));

/** Spec §2 /projects ('Project Management'): a status filter and the caller's tracked jobs. */
export function ProjectsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<JobStatus | null>(null);
  const { data: projects, isPending, isError } = useTracking(status);

  return (
    <Page>
      <PageHeader title={t('projects:page_title')} description={t('projects:page_subtitle')} />
      <div
        role="group"
        aria-label={t('projects:filter_label')}
        className="mb-6 flex flex-wrap gap-1 rounded-xl bg-muted p-1 sm:inline-flex"
      >
        {FILTERS.map((filter) => (
          <button
            key={filter.labelKey}
            type="button"
            aria-pressed={status === filter.status}
            onClick={() => setStatus(filter.status)}
            className={cn(
              'shrink-0 rounded-lg px-3 py-1.5 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              status === filter.status
                ? 'bg-card text-foreground shadow-xs'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {t(filter.labelKey)}
          </button>
        ))}
      </div>
      {isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-56 rounded-2xl" />
          ))}
        </div>
      ) : isError ? (
        <p className="text-sm text-destructive">{t('projects:load_failed')}</p>
      ) : projects.length === 0 ? (
        <Card>
          <EmptyState
            className="border-0"
            icon={FolderKanban}
            title={t('projects:empty_title')}
            description={t('projects:empty_hint')}
            action={
              <Button asChild>
                <Link to="/post-job">
                  <Plus aria-hidden />
                  {t('projects:post_job')}
                </Link>
              </Button>
            }
          />
        </Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {projects.map((job) => (
            <li key={job.id}>
              <ProjectCard job={job} />
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
