import { useTranslation } from 'react-i18next';
import { Page, PageHeader } from '#client/ui/page.js';
import { PostJobForm } from '../components/post-job-form.js';

export function PostJobPage() {
  const { t } = useTranslation();
  return (
    <Page width="narrow">
      <PageHeader title={t('jobs:post_title')} description={t('jobs:post_description')} />
      <PostJobForm />
    </Page>
  );
}
