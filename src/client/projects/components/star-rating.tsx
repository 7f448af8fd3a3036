import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RATING_MAX } from '#shared/projects.js';
import { cn } from '#client/lib/cn.js';

type StarRatingProps = { label: string; value: number | null; onChange: (value: number) => void; size?: 'sm' | 'lg' };

/** Five stars as a radio group: click or arrow keys. */
export function StarRating({ label, value, onChange, size = 'sm' }: StarRatingProps) {
  const { t } = useTranslation();
  const stars = Array.from({ length: RATING_MAX }, (_, i) => i + 1);
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <span className={cn('font-medium', size === 'lg' ? 'text-sm' : 'text-[13px] text-muted-foreground')}>
        {label}
      </span>
      <div role="radiogroup" aria-label={label} className="flex gap-0.5">
        {stars.map((n) => (
          <button
            key={n}
            type="button"
            role="radio"
            aria-checked={value === n}
            aria-label={t('projects:rating_label', { label, count: n })}
            onClick={() => onChange(n)}
            className="rounded p-0.5 text-warning transition hover:scale-110 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <Star
              className={cn(
                size === 'lg' ? 'size-7' : 'size-5',
                value !== null && n <= value ? 'fill-current' : 'fill-none opacity-50',
              )}
              aria-hidden
            />
          </button>
        ))}
      </div>
    </div>
  );
}
