import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '#client/lib/cn.js';

/** Five stars filled to the rating (rounded to a half), with the number and the review count. */
export function StarRating({ rating, count, className }: { rating: number; count?: number; className?: string }) {
  const { t } = useTranslation();
  const rounded = Math.round(rating * 2) / 2;
  return (
    <span className={cn('inline-flex items-center gap-1.5 text-sm', className)}>
      <span className="inline-flex" role="img" aria-label={t('profiles:rating_label', { rating: rating.toFixed(1) })}>
        {Array.from({ length: 5 }, (_, i) => (
          <Star
            key={i}
            aria-hidden
            className={cn(
              'size-4',
              i + 1 <= rounded
                ? 'fill-amber-400 text-amber-400'
                : i + 0.5 === rounded
                  ? 'fill-amber-200 text-amber-400'
                  : 'text-border-strong',
            )}
          />
        ))}
      </span>
      <span className="font-semibold text-foreground">{rating > 0 ? rating.toFixed(1) : '–'}</span>
      {count !== undefined && <span className="text-muted-foreground">{t('profiles:review_count', { count })}</span>}
    </span>
  );
}
