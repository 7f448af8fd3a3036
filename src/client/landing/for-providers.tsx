import { Check, Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  BID_TIER_COSTS,
  BID_TIERS,
  BLOCK_RESPONSE_WINDOW_HOURS,
  BUST_PRIORITY_HOURS,
  type BidTier,
} from '#shared/bid-rules.js';
import { usePublicConfig } from '#client/lib/config.js';
import { LOGIN_URL } from '#client/lib/query-client.js';
import { cn } from '#client/lib/cn.js';
import { Badge } from '#client/ui/badge.js';
import { Button } from '#client/ui/button.js';
import { SectionHeading } from './section-heading.js';

const FEATURE_COUNT: Record<BidTier, number> = { regular: 3, block: 3, bust: 3 };

/** The three bid tiers (docs/contract.md §4.1, §4.6) and the free credits a new provider gets. */
export function ForProviders() {
  const { t } = useTranslation();
  const { data: config } = usePublicConfig();
  const hours = { window: BLOCK_RESPONSE_WINDOW_HOURS, priority: BUST_PRIORITY_HOURS };
  return (
    <section id="for-providers" aria-labelledby="for-providers-title" className="bg-muted py-20 lg:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="for-providers-title"
          eyebrow={t('landing:providers_eyebrow')}
          title={t('landing:providers_title')}
          description={t('landing:providers_description')}
        />
        <ul className="grid gap-6 lg:grid-cols-3">
          {BID_TIERS.map((tier) => (
            <li
              key={tier}
              className={cn(
                'flex flex-col rounded-2xl border bg-card p-7 shadow-card',
                tier === 'bust' ? 'border-primary ring-1 ring-primary' : 'border-border',
              )}
            >
              <div className="flex items-center justify-between gap-3">
                <h3 className="text-xl font-bold">{t(`landing:tier_${tier}_name`)}</h3>
                {tier === 'bust' && <Badge>{t('landing:tier_most_insight')}</Badge>}
              </div>
              <p className="mt-1 text-sm text-muted-foreground">{t(`landing:tier_${tier}_tagline`)}</p>
              <p className="mt-5 flex items-baseline gap-1.5">
                <span className="text-4xl font-extrabold tracking-tight">{BID_TIER_COSTS[tier]}</span>
                <span className="text-sm font-medium text-muted-foreground">
                  {t('landing:tier_credits_per_bid', { count: BID_TIER_COSTS[tier] })}
                </span>
              </p>
              <ul className="mt-6 grid gap-3 text-sm">
                {Array.from({ length: FEATURE_COUNT[tier] }, (_, i) => (
                  <li key={i} className="flex gap-2.5">
                    <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                    <span>{t(`landing:tier_${tier}_feature_${i + 1}`, hours)}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-col items-center justify-between gap-6 rounded-2xl bg-brand-950 p-8 text-white sm:flex-row">
          <div className="flex items-center gap-4">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-accent text-brand-950">
              <Gift className="size-6" aria-hidden />
            </span>
            <div>
              <p className="text-lg font-semibold">
                {config
                  ? t('landing:providers_free_credits', { count: config.freeCreditsOnUpgrade })
                  : t('landing:providers_free_credits_generic')}
              </p>
              <p className="text-sm text-slate-300">{t('landing:providers_free_credits_text')}</p>
            </div>
          </div>
          <Button asChild size="lg" className="w-full bg-accent text-brand-950 hover:bg-[#ffb53d] sm:w-auto">
            <a href={LOGIN_URL}>{t('landing:join_as_provider')}</a>
          </Button>
        </div>
      </div>
    </section>
  );
}
