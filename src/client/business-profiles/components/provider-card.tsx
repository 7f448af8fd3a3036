import { Briefcase, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CARD_AREA_COUNT, CARD_SERVICE_COUNT, type ProviderSearchResult } from '#shared/business-profiles.js';
import { categoryLabel } from '#client/jobs/index.js';
import { Avatar } from '#client/ui/avatar.js';
import { Badge } from '#client/ui/badge.js';
import { Button } from '#client/ui/button.js';
import { Card, CardContent, CardFooter } from '#client/ui/card.js';
import { StarRating } from './star-rating.js';
import { LanguageBadges } from './languages.js';
import { VerifiedBadge } from './verified-badge.js';
import { fullName } from '#shared/names.js';

export function providerName(p: Pick<ProviderSearchResult, 'businessName' | 'firstName' | 'lastName'>): string {
  return p.businessName || fullName(p);
}

/** Spec §2 provider card: first 3 services and first 2 areas, each with '+N more'. */
export function ProviderCard({ provider, onRequest }: { provider: ProviderSearchResult; onRequest: () => void }) {
  const { t } = useTranslation();
  const name = providerName(provider);
  const services = provider.serviceCapabilities;
  const areas = provider.serviceAreas;
  return (
    <Card className="flex h-full flex-col" data-testid="provider-card">
      <CardContent className="grid flex-1 content-start gap-3">
        <div className="flex items-start gap-3">
          <Avatar
            name={name}
            src={provider.logoUrl ?? provider.profileImageUrl}
            className="size-14 rounded-xl text-lg"
          />
          <div className="grid min-w-0 gap-1">
            <h3 className="text-base leading-snug font-semibold break-words text-foreground">{name}</h3>
            <StarRating rating={provider.rating} count={provider.reviewCount} />
            {provider.verified && <VerifiedBadge />}
          </div>
        </div>
        <LanguageBadges languages={provider.languages} />
        <p className="line-clamp-3 text-sm text-muted-foreground">
          {provider.description || t('profiles:description_fallback')}
        </p>
        {services.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label={t('profiles:services_label')}>
            {services.slice(0, CARD_SERVICE_COUNT).map((service) => (
              <li key={service.id}>
                <Badge variant="secondary">{categoryLabel(service.category, t)}</Badge>
              </li>
            ))}
            {services.length > CARD_SERVICE_COUNT && (
              <li>
                <Badge variant="outline">{t('profiles:more', { count: services.length - CARD_SERVICE_COUNT })}</Badge>
              </li>
            )}
          </ul>
        )}
        {areas.length > 0 && (
          <p className="flex items-start gap-1.5 text-[13px] text-muted-foreground">
            <MapPin className="mt-0.5 size-3.5 shrink-0" aria-label={t('profiles:areas_label')} />
            <span>
              {areas
                .slice(0, CARD_AREA_COUNT)
                .map((area) => `${area.city}, ${area.state}`)
                .join(' · ')}
              {areas.length > CARD_AREA_COUNT && ` ${t('profiles:more', { count: areas.length - CARD_AREA_COUNT })}`}
              {provider.distanceMiles !== undefined &&
                ` · ${t('profiles:distance', { miles: provider.distanceMiles })}`}
            </span>
          </p>
        )}
        <p className="flex items-center gap-1.5 text-[13px] text-muted-foreground">
          <Briefcase className="size-3.5" aria-hidden />
          {t('profiles:years_experience', { count: provider.yearsExperience })}
        </p>
      </CardContent>
      <CardFooter className="grid grid-cols-2 gap-2">
        {/* A link, so it opens the profile before the page has hydrated too. */}
        <Button asChild variant="outline">
          <Link to={`/provider/${provider.id}`}>{t('profiles:view_profile')}</Link>
        </Button>
        <Button onClick={onRequest}>{t('profiles:request_service')}</Button>
      </CardFooter>
    </Card>
  );
}
