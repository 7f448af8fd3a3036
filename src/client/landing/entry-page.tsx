import { lazy, Suspense } from 'react';
import { useUser } from '#client/auth/index.js';
import { PageSpinner } from '#client/ui/spinner.js';
import { LandingPage } from './landing-page.js';

const HomePage = lazy(async () => ({ default: (await import('#client/jobs/pages/home-page.js')).HomePage }));

/** '/': the landing page when logged out and while the session is still loading (spec §2), else home. */
export function EntryPage() {
  const { user } = useUser();
  if (!user) return <LandingPage />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <HomePage />
    </Suspense>
  );
}
