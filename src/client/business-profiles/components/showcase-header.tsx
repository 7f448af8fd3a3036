import { Calendar, ExternalLink, MapPin, MessageSquare, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ProviderShowcase } from '#shared/business-profiles.js';
import { Avatar } from '#client/ui/avatar.js';
import { Button } from '#client/ui/button.js';
import { Card, CardContent } from '#client/ui/card.js';
import { providerName } from './provider-card.js';
import { LanguageBadges } from './languages.js';
import { StarRating } from './star-rating.js';
import { VerifiedBadge } from './verified-badge.js';

/** The provider page's header: cover, logo, name, rating, figures, and the Request Service button. */
export function ShowcaseHeader({ provider, onRequest }: { provider: ProviderShowcase; onRequest: () => void }) {
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
