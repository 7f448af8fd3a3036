import { Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { queryLoader } from '#client/lib/route-loader.js';
import { ServiceRequestDialog, type RequestTarget } from '#client/service-requests/index.js';
import { Button } from '#client/ui/button.js';
import { EmptyState } from '#client/ui/empty-state.js';
import { Page } from '#client/ui/page.js';
import { Spinner } from '#client/ui/spinner.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/ui/tabs.js';
import { showcaseQueryOptions, useShowcase } from '../api/get-showcase.js';
import { providerName } from '../components/provider-card.js';
import { ShowcaseContact, ShowcaseOverview } from '../components/showcase-details.js';
import { ShowcaseHeader } from '../components/showcase-header.js';
import { ShowcaseCredentials, ShowcasePortfolio, ShowcaseReviews } from '../components/showcase-lists.js';

const TABS = ['overview', 'portfolio', 'credentials', 'reviews', 'contact'] as const;

/** What a provider's page shows (app.tsx): their showcase. */
export const providerLoader = queryLoader((queryClient, { params }) =>
  queryClient.ensureQueryData(showcaseQueryOptions(params.id ?? '')),
);

/** Spec §2 provider profile: header, five tabs, and a Request Service button. */
export function ProviderPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data: provider, isPending, isError } = useShowcase(id);
  const [target, setTarget] = useState<RequestTarget | null>(null);

  if (isPending) {
    return (
      <Page>
        <p className="flex items-center justify-center gap-2 py-24 text-muted-foreground">
          <Spinner /> {t('profiles:loading_provider')}
        </p>
      </Page>
    );
  }
  if (isError || !provider) {
    return (
      <Page width="narrow">
        <EmptyState
          icon={Users}
          title={t('profiles:not_found_title')}
          description={t('profiles:not_found_description')}
          action={
            <Button asChild variant="outline">
              <Link to="/find-providers">{t('profiles:back_to_directory')}</Link>
            </Button>
          }
        />
      </Page>
    );
  }
  const name = providerName(provider);
  return (
    <Page>
      <ShowcaseHeader
        provider={provider}
        onRequest={() => setTarget({ id: provider.id, name, serviceCapabilities: provider.serviceCapabilities })}
      />
      <Tabs defaultValue="overview" className="mt-8">
        <TabsList
          aria-label={t('profiles:tabs_label')}
          className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-11 sm:w-auto"
        >
          {TABS.map((tab) => (
            <TabsTrigger key={tab} value={tab} className="py-2">
              {t(`profiles:tab_${tab}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <ShowcaseOverview provider={provider} />
        </TabsContent>
        <TabsContent value="portfolio">
          <ShowcasePortfolio provider={provider} />
        </TabsContent>
        <TabsContent value="credentials">
          <ShowcaseCredentials provider={provider} />
        </TabsContent>
        <TabsContent value="reviews">
          <ShowcaseReviews provider={provider} />
        </TabsContent>
        <TabsContent value="contact">
          <ShowcaseContact provider={provider} />
        </TabsContent>
      </Tabs>
      <ServiceRequestDialog target={target} onClose={() => setTarget(null)} />
    </Page>
  );
}
