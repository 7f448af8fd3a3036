import { Coins } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cn } from '#client/lib/cn.js';

/** A provider's balance; it links to /buy-credits (spec §2). */
export function CreditsBadge({ credits, className }: { credits: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/buy-credits"
      data-testid="credits-badge"
      aria-label={t('common:credits_badge_label', { count: credits })}
      className={cn(
        'inline-flex h-9 items-center gap-1.5 rounded-full border border-accent/40 bg-accent-soft px-3 text-[13px] font-semibold text-accent-strong transition-colors hover:bg-accent/20 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        className,
      )}
    >
      <Coins className="size-4" aria-hidden />
      {/* A space between the two, so the visible text reads "12 credits", as the name does. */}
      <span>{credits}</span> <span className="hidden lg:inline">{t('common:credits_word', { count: credits })}</span>
    </Link>
  );
}
