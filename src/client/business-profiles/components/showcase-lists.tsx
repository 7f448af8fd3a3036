import { Award, FolderOpen, MapPin, MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ProviderShowcase } from '#shared/business-profiles.js';
import { photoThumbnailUrl } from '#shared/jobs.js';
import { formatDate, formatMoney } from '#client/lib/format.js';
import { useLanguage } from '#client/lib/i18n.js';
import { Card, CardContent } from '#client/ui/card.js';
import { EmptyState } from '#client/ui/empty-state.js';
import { StarRating } from './star-rating.js';
import { VerifiedBadge } from './verified-badge.js';

// The provider page's three tabs of lists, each with its empty state: portfolio, credentials, reviews.

/** The portfolio tab: public items, featured first. */
export function ShowcasePortfolio({ provider }: { provider: ProviderShowcase }) {
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

/** The credentials tab. */
export function ShowcaseCredentials({ provider }: { provider: ProviderShowcase }) {
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

/** The reviews tab: the latest reviews. */
export function ShowcaseReviews({ provider }: { provider: ProviderShowcase }) {
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
