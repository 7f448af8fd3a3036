import { Award, Building2, ExternalLink, FolderOpen, MapPin, Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUser } from '#client/auth/index.js';
import { isCompleteZip, zipQueryOptions } from '#client/jobs/index.js';
import { configQueryOptions } from '#client/lib/config.js';
import { queryLoader } from '#client/lib/route-loader.js';
import { BecomeProviderCard } from '#client/providers/index.js';
import { Alert } from '#client/ui/alert.js';
import { Badge } from '#client/ui/badge.js';
import { Button } from '#client/ui/button.js';
import { Page, PageHeader } from '#client/ui/page.js';
import { Spinner } from '#client/ui/spinner.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/ui/tabs.js';
import { businessProfileQueryOptions, useBusinessProfile } from '../api/get-business-profile.js';
import { AreasTab } from '../components/areas-tab.js';
import { BusinessTab } from '../components/business-tab.js';
import { CredentialsTab } from '../components/credentials-tab.js';
import { PortfolioTab } from '../components/portfolio-tab.js';
import { ServicesTab } from '../components/services-tab.js';
import { VerifiedBadge } from '../components/verified-badge.js';

const TABS = [
  { value: 'business', icon: Building2 },
  { value: 'services', icon: Wrench },
  { value: 'areas', icon: MapPin },
  { value: 'credentials', icon: Award },
  { value: 'portfolio', icon: FolderOpen },
] as const;

/** What /business-profile shows first (app.tsx): a provider's profile; a customer's offer to become one. */
export const businessProfileLoader = queryLoader((queryClient, _args, user) =>
  user?.role === 'provider'
    ? queryClient.ensureQueryData(businessProfileQueryOptions).then((profile) => {
        // The business tab's place, under its ZIP (business-tab.tsx).
        const zip = profile?.businessZipCode?.trim();
        return zip && isCompleteZip(zip) ? queryClient.ensureQueryData(zipQueryOptions(zip)) : undefined;
      })
    : queryClient.ensureQueryData(configQueryOptions),
);

/** docs/contract.md §4.11: all five tabs work; the four lists open once the business tab has created the profile. */
export function BusinessProfilePage() {
  const { t } = useTranslation();
  const { user } = useUser();
  const isProvider = user?.role === 'provider';
  const { data: profile, isPending, isError } = useBusinessProfile(isProvider);

  if (!user) return null;
  if (!isProvider) {
    return (
      <Page width="narrow">
        <PageHeader title={t('profiles:page_title')} description={t('profiles:providers_only')} />
        <BecomeProviderCard />
      </Page>
    );
  }
  return (
    <Page>
      <PageHeader
        title={t('profiles:page_title')}
        description={t('profiles:page_description')}
        actions={
          profile && (
            <div className="flex flex-wrap items-center gap-2">
              {profile.isVerified ? <VerifiedBadge /> : <Badge variant="neutral">{t('profiles:not_verified')}</Badge>}
              <Button asChild variant="outline" size="sm">
                <Link to={`/provider/${user.id}`}>
                  <ExternalLink aria-hidden />
                  {t('profiles:view_public_profile')}
                </Link>
              </Button>
            </div>
          )
        }
      />
      {isPending && (
        <p className="flex items-center gap-2 py-12 text-muted-foreground">
          <Spinner /> {t('profiles:loading_profile')}
        </p>
      )}
      {isError && <Alert variant="destructive">{t('profiles:load_failed')}</Alert>}
      {!isPending && !isError && (
        <Tabs defaultValue="business">
          <TabsList
            aria-label={t('profiles:tabs_label')}
            className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-11 sm:w-auto"
          >
            {TABS.map(({ value, icon: Icon }) => (
              <TabsTrigger key={value} value={value} disabled={value !== 'business' && !profile} className="py-2">
                <Icon className="size-4" aria-hidden />
                {t(`profiles:tab_${value}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          {!profile && <p className="mt-4 text-sm text-muted-foreground">{t('profiles:create_first')}</p>}
          <TabsContent value="business">
            <BusinessTab key={profile?.id ?? 'new'} profile={profile ?? null} />
          </TabsContent>
          {profile && (
            <>
              <TabsContent value="services">
                <ServicesTab profile={profile} />
              </TabsContent>
              <TabsContent value="areas">
                <AreasTab profile={profile} />
              </TabsContent>
              <TabsContent value="credentials">
                <CredentialsTab profile={profile} />
              </TabsContent>
              <TabsContent value="portfolio">
                <PortfolioTab profile={profile} />
              </TabsContent>
            </>
          )}
        </Tabs>
      )}
    </Page>
  );
}
