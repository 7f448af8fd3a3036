import { useTranslation } from 'react-i18next';
import { queryLoader } from '#client/lib/route-loader.js';
import { Page, PageHeader } from '#client/ui/page.js';
import { categoriesQueryOptions } from '../api/get-categories.js';
import { PostJobForm } from '../components/post-job-form.js';

/** What /post-job shows first (app.tsx): the categories of its select. */
export const postJobLoader = queryLoader((queryClient) => queryClient.ensureQueryData(categoriesQueryOptions));

export function PostJobPage() {
  const { t } = useTranslation();
  return (
    <Page width="narrow">
      <PageHeader title={t('jobs:post_title')} description={t('jobs:post_description')} />
      <PostJobForm />
    </Page>
  );
}
