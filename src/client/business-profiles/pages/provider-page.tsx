import {
  Award,
  Calendar,
  ExternalLink,
  FolderOpen,
  Globe,
  Mail,
  MapPin,
  MessageSquare,
  Phone,
  Users,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ProviderShowcase } from '#shared/business-profiles.js';
import { photoThumbnailUrl } from '#shared/jobs.js';
import { categoryLabel } from '#client/jobs/index.js';
import { formatDate, formatMoney } from '#client/lib/format.js';
import { useLanguage } from '#client/lib/i18n.js';
import { queryLoader } from '#client/lib/route-loader.js';
import { ServiceRequestDialog, type RequestTarget } from '#client/service-requests/index.js';
import { Avatar } from '#client/ui/avatar.js';
import { Badge } from '#client/ui/badge.js';
import { Button } from '#client/ui/button.js';
import { Card, CardContent, CardHeader, CardTitle } from '#client/ui/card.js';
import { EmptyState } from '#client/ui/empty-state.js';
import { Page } from '#client/ui/page.js';
import { Spinner } from '#client/ui/spinner.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/ui/tabs.js';
import { showcaseQueryOptions, useShowcase } from '../api/get-showcase.js';
import { providerName } from '../components/provider-card.js';
import { StarRating } from '../components/star-rating.js';
import { LanguageBadges } from '../components/languages.js';
import { VerifiedBadge } from '../components/verified-badge.js';

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
      <Header
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
          <Overview provider={provider} />
        </TabsContent>
        <TabsContent value="portfolio">
          <Portfolio provider={provider} />
        </TabsContent>
        <TabsContent value="credentials">
          <Credentials provider={provider} />
        </TabsContent>
        <TabsContent value="reviews">
          <Reviews provider={provider} />
        </TabsContent>
        <TabsContent value="contact">
          <Contact provider={provider} />
        </TabsContent>
      </Tabs>
      <ServiceRequestDialog target={target} onClose={() => setTarget(null)} />
    </Page>
  );
}

function Header({ provider, onRequest }: { provider: ProviderShowcase; onRequest: () => void }) {
  const { t } = useTranslation();
  const name = providerName(provider);
  return (
    <Card className="overflow-hidden">
      {provider.coverImageUrl ? (
        <img src={provider.coverImageUrl} alt="" className="h-36 w-full object-cover sm:h-48" />
      ) : (
        <div className="h-20 bg-gradient-to-r from-primary/80 to-primary/40 sm:h-28" aria-hidden />
      )}
      <CardContent className="grid gap-5 sm:grid-cols-[auto_1fr_auto] sm:items-start">
        <Avatar
          name={name}
          src={provider.logoUrl ?? provider.profileImageUrl}
          className="-mt-14 size-24 rounded-2xl border-4 border-card text-2xl sm:-mt-16"
        />
        <div className="grid min-w-0 gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight break-words">{name}</h1>
            {provider.verified && <VerifiedBadge />}
          </div>
          <p className="text-sm text-muted-foreground">{t(`profiles:business_type_${provider.businessType}`)}</p>
          <LanguageBadges languages={provider.languages} />
          <StarRating rating={provider.averageRating} count={provider.totalReviews} />
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-[13px] text-muted-foreground">
            <li className="inline-flex items-center gap-1">
              <Calendar className="size-3.5" aria-hidden />
              {t('profiles:years_in_business', { count: provider.yearsInBusiness })}
            </li>
            <li className="inline-flex items-center gap-1">
              <Users className="size-3.5" aria-hidden />
              {t('profiles:employees', { count: provider.employeeCount })}
            </li>
            {provider.serviceAreas.length > 0 && (
              <li className="inline-flex items-center gap-1">
                <MapPin className="size-3.5" aria-hidden />
                {provider.serviceAreas.map((area) => `${area.city}, ${area.state}`).join(' · ')}
              </li>
            )}
          </ul>
        </div>
        <div className="flex flex-wrap gap-2 sm:flex-col">
          <Button onClick={onRequest}>
            <MessageSquare aria-hidden />
            {t('profiles:request_service')}
          </Button>
          {provider.website && (
            <Button asChild variant="outline">
              <a href={provider.website} target="_blank" rel="noopener noreferrer nofollow">
                <ExternalLink aria-hidden />
                {t('profiles:visit_website')}
              </a>
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Overview({ provider }: { provider: ProviderShowcase }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const ratings = [
    ['quality', provider.qualityRating],
    ['timeliness', provider.timelinessRating],
    ['communication', provider.communicationRating],
    ['value', provider.valueRating],
  ] as const;
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="grid content-start gap-6 lg:col-span-2">
        <Section title={t('profiles:about')}>
          <p className="text-sm break-words whitespace-pre-line">
            {provider.description || t('profiles:description_fallback')}
          </p>
        </Section>
        <Section title={t('profiles:services_offered')}>
          {provider.serviceCapabilities.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('profiles:no_services')}</p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2">
              {provider.serviceCapabilities.map((service) => (
                <li key={service.id} className="grid gap-1 rounded-xl border border-border p-3">
                  <span className="flex flex-wrap items-center gap-2 font-medium">
                    {categoryLabel(service.category, t)}
                    {service.isSpecialty && <Badge variant="info">{t('profiles:specialty')}</Badge>}
                  </span>
                  {(service.priceRangeMin || service.priceRangeMax) && (
                    <span className="text-[13px] text-muted-foreground">
                      {[formatMoney(service.priceRangeMin, language), formatMoney(service.priceRangeMax, language)]
                        .filter(Boolean)
                        .join(' – ')}
                    </span>
                  )}
                  {service.experienceYears !== null && (
                    <span className="text-[13px] text-muted-foreground">
                      {t('profiles:years_experience', { count: service.experienceYears })}
                    </span>
                  )}
                  {service.description && <span className="text-[13px]">{service.description}</span>}
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>
      <Section title={t('profiles:rating_breakdown')}>
        <dl className="grid gap-3">
          {ratings.map(([key, value]) => (
            // One group per rating, its bar a second description (a <dl> allows dt and dd only).
            <div key={key} className="grid grid-cols-[1fr_auto] gap-x-2 gap-y-1 text-sm">
              <dt>{t(`profiles:rating_${key}`)}</dt>
              <dd className="font-semibold">{value === null ? '–' : value.toFixed(1)}</dd>
              <dd className="col-span-2 h-2 rounded-full bg-muted" aria-hidden>
                <div className="h-2 rounded-full bg-amber-400" style={{ width: `${((value ?? 0) / 5) * 100}%` }} />
              </dd>
            </div>
          ))}
        </dl>
      </Section>
    </div>
  );
}

function Portfolio({ provider }: { provider: ProviderShowcase }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  if (provider.portfolioItems.length === 0) {
    return (
      <EmptyState icon={FolderOpen} title={t('profiles:no_portfolio')} description={t('profiles:no_portfolio_hint')} />
    );
  }
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {provider.portfolioItems.map((item) => {
        const images = [...item.afterImageUrls, ...item.beforeImageUrls];
        return (
          <li key={item.id}>
            <Card className="h-full overflow-hidden">
              {images[0] && (
                <img src={photoThumbnailUrl(images[0])} alt={item.title} className="aspect-video w-full object-cover" />
              )}
              <CardContent className="grid gap-2">
                <h3 className="font-semibold break-words">{item.title}</h3>
                <p className="text-sm break-words text-muted-foreground">{item.description}</p>
                <ul className="flex flex-wrap gap-x-3 gap-y-1 text-[13px] text-muted-foreground">
                  {item.location && (
                    <li className="inline-flex items-center gap-1">
                      <MapPin className="size-3.5" aria-hidden />
                      {item.location}
                    </li>
                  )}
                  {item.projectValue && (
                    <li>{t('profiles:project_value', { amount: formatMoney(item.projectValue, language) })}</li>
                  )}
                  <li>{t('profiles:image_count', { count: images.length })}</li>
                </ul>
              </CardContent>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

function Credentials({ provider }: { provider: ProviderShowcase }) {
  const { t } = useTranslation();
  if (provider.credentials.length === 0) {
    return <EmptyState icon={Award} title={t('profiles:no_credentials')} />;
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {provider.credentials.map((credential) => (
        <li key={credential.id}>
          <Card>
            <CardContent className="grid gap-1">
              <span className="flex flex-wrap items-center gap-2 font-semibold">
                {credential.name}
                {credential.isVerified && <VerifiedBadge />}
              </span>
              <span className="text-sm text-muted-foreground">
                {t(`profiles:credential_type_${credential.type}`, { defaultValue: credential.type })}
              </span>
              <span className="text-sm text-muted-foreground">{credential.issuingAuthority}</span>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function Reviews({ provider }: { provider: ProviderShowcase }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  if (provider.recentReviews.length === 0) {
    return (
      <EmptyState icon={MessageSquare} title={t('profiles:no_reviews')} description={t('profiles:no_reviews_hint')} />
    );
  }
  return (
    <ul className="grid gap-3">
      {provider.recentReviews.map((review) => (
        <li key={review.id}>
          <Card>
            <CardContent className="grid gap-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold">{review.customerName}</span>
                <time
                  className="text-[13px] text-muted-foreground"
                  dateTime={review.createdAt}
                  suppressHydrationWarning
                >
                  {formatDate(review.createdAt, language)}
                </time>
              </div>
              <span className="text-sm text-muted-foreground">{review.jobTitle}</span>
              <StarRating rating={review.rating} />
              {review.comment && <p className="text-sm break-words">{review.comment}</p>}
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function Contact({ provider }: { provider: ProviderShowcase }) {
  const { t } = useTranslation();
  const rows = [
    {
      icon: Phone,
      label: t('profiles:phone'),
      value: provider.phone,
      href: provider.phone ? `tel:${provider.phone}` : null,
    },
    { icon: Mail, label: t('profiles:email'), value: provider.email, href: `mailto:${provider.email}` },
    { icon: Globe, label: t('profiles:website'), value: provider.website, href: provider.website },
  ];
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Section title={t('profiles:contact_details')}>
        <dl className="grid gap-3">
          {rows.map(({ icon: Icon, label, value, href }) => (
            <div key={label} className="flex items-start gap-3 text-sm">
              <Icon className="mt-0.5 size-4 text-muted-foreground" aria-hidden />
              <dt className="sr-only">{label}</dt>
              <dd className="min-w-0 break-words">
                {value && href ? (
                  <a
                    className="text-primary hover:underline"
                    href={href}
                    target={href.startsWith('http') ? '_blank' : undefined}
                    rel="noopener noreferrer nofollow"
                  >
                    {value}
                  </a>
                ) : (
                  <span className="text-muted-foreground">{t('profiles:not_given')}</span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section title={t('profiles:service_areas')}>
        {provider.serviceAreas.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('profiles:no_areas')}</p>
        ) : (
          <ul className="grid gap-2 text-sm">
            {provider.serviceAreas.map((area) => (
              <li key={area.id} className="flex flex-wrap items-center gap-2">
                <MapPin className="size-4 text-muted-foreground" aria-hidden />
                {area.city}, {area.state} {area.zipCode}
                <span className="text-muted-foreground">{t('profiles:radius_miles', { count: area.radiusMiles })}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
