import { Clock, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BID_TIER_COSTS, type BidTier } from '#shared/bid-rules.js';
import { formatBudgetRange, formatMoney } from '#client/lib/format.js';
import { useLanguage } from '#client/lib/i18n.js';
import { Avatar } from '#client/ui/avatar.js';
import { Badge } from '#client/ui/badge.js';

const SAMPLE_BIDS: { nameKey: string; amount: string; tier: BidTier }[] = [
  { nameKey: 'landing:preview_bidder_1', amount: '1850.00', tier: 'bust' },
  { nameKey: 'landing:preview_bidder_2', amount: '1690.00', tier: 'block' },
  { nameKey: 'landing:preview_bidder_3', amount: '1540.00', tier: 'regular' },
];

const TIER_BADGE = { regular: 'neutral', block: 'info', bust: 'warning' } as const;

/** An illustration of the product: a job receiving bids. Decorative, so hidden from screen readers. */
export function HeroPreview() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <div aria-hidden className="relative mx-auto hidden w-full max-w-md md:block">
      <div className="absolute -inset-4 rounded-[2rem] bg-primary/30 blur-2xl" />
      <div className="relative rounded-2xl bg-card p-6 text-foreground shadow-lift">
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <Badge variant="info">{t('landing:category_painting')}</Badge>
            <p className="mt-3 text-lg font-semibold">{t('landing:preview_job_title')}</p>
            <p className="mt-1 flex items-center gap-3 text-[13px] text-muted-foreground">
              <span className="inline-flex items-center gap-1">
                <MapPin className="size-3.5" />
                {t('landing:preview_job_location')}
              </span>
              <span className="inline-flex items-center gap-1">
                <Clock className="size-3.5" />
                {t('landing:preview_job_timeline')}
              </span>
            </p>
          </div>
          <p className="shrink-0 text-right text-sm font-semibold whitespace-nowrap text-foreground">
            {formatBudgetRange('1500.00', '2200.00', language, t)}
          </p>
        </div>
        <div className="mt-5 grid gap-2.5">
          {SAMPLE_BIDS.map((bid) => (
            <div key={bid.nameKey} className="flex items-center gap-3 rounded-xl border border-border p-3">
              <Avatar name={t(bid.nameKey)} className="size-9" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-semibold">{t(bid.nameKey)}</p>
                <p className="text-xs text-muted-foreground">
                  {t('landing:preview_tier_cost', { count: BID_TIER_COSTS[bid.tier] })}
                </p>
              </div>
              <Badge variant={TIER_BADGE[bid.tier]}>{t(`landing:tier_${bid.tier}_name`)}</Badge>
              <span className="w-16 text-right text-sm font-bold">{formatMoney(bid.amount, language)}</span>
            </div>
          ))}
        </div>
        <div className="mt-4 flex items-center justify-between rounded-xl bg-success-soft px-4 py-3 text-sm font-medium text-success-strong">
          <span>{t('landing:preview_bids_received', { count: SAMPLE_BIDS.length })}</span>
          <span className="font-semibold">{t('landing:preview_compare')}</span>
        </div>
      </div>
    </div>
  );
}
