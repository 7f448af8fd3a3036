import { Globe, Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProviderShowcase } from '#shared/business-profiles.js';
import { categoryLabel } from '#client/jobs/index.js';
import { formatMoney } from '#client/lib/format.js';
import { useLanguage } from '#client/lib/i18n.js';
import { Badge } from '#client/ui/badge.js';
import { Card, CardContent, CardHeader, CardTitle } from '#client/ui/card.js';

// The provider page's two tabs of details in titled sections: the overview and the contact.

function ShowcaseSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** The overview tab: about, services offered and the rating breakdown. */
export function ShowcaseOverview({ provider }: { provider: ProviderShowcase }) {
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
        <ShowcaseSection title={t('profiles:about')}>
          <p className="text-sm break-words whitespace-pre-line">
            {provider.description || t('profiles:description_fallback')}
          </p>
        </ShowcaseSection>
        <ShowcaseSection title={t('profiles:services_offered')}>
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
        </ShowcaseSection>
      </div>
      <ShowcaseSection title={t('profiles:rating_breakdown')}>
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
      </ShowcaseSection>
    </div>
  );
}

/** The contact tab: phone, email, website and service areas. */
export function ShowcaseContact({ provider }: { provider: ProviderShowcase }) {
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
      <ShowcaseSection title={t('profiles:contact_details')}>
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
      </ShowcaseSection>
      <ShowcaseSection title={t('profiles:service_areas')}>
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
      </ShowcaseSection>
    </div>
  );
}
