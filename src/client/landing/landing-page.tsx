import { ClosingCta } from './closing-cta.js';
import { CreditPackages } from './credit-packages.js';
import { ForProviders } from './for-providers.js';
import { Hero } from './hero.js';
import { HowItWorks } from './how-it-works.js';
import { PopularCategories } from './popular-categories.js';
import { RecentJobs } from './recent-jobs.js';
import { StatsStrip } from './stats-strip.js';

/** The public landing page (spec §2 'Public landing page'). */
export function LandingPage() {
  return (
    <>
      <Hero />
      <StatsStrip />
      <HowItWorks />
      <PopularCategories />
      <RecentJobs />
      <ForProviders />
      <CreditPackages />
      <ClosingCta />
    </>
  );
}
