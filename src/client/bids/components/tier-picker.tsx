import { Check } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BID_TIER_COSTS, BID_TIERS, type BidTier } from '#shared/bids.js';
import { cn } from '#client/lib/cn.js';
import { tierFeatures } from './tier-features.js';

type TierPickerProps = {
  value: BidTier;
  onChange: (tier: BidTier) => void;
  credits: number;
  /** A tier whose seats on the job are all taken (docs/contract.md §3.9): shown, not offered. */
  isFull?: (tier: BidTier) => boolean;
  disabled?: boolean;
};

/**
 * Three radio cards: each tier's cost in credits and what it shows (docs/contract.md §4.1, §4.6). Native radios named
 * `tier` whose card is drawn from the radio's own state: they work before scripts and without them.
 */
export function TierPicker({ value, onChange, credits, isFull = () => false, disabled }: TierPickerProps) {
  const { t } = useTranslation();
  const tiers = tierFeatures(t);
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const first = useRef({ value, onChange });
  // A tier picked before the page hydrated is the radio's own state, which React would write `value` over on its
  // next render: the form takes it at the first draw, as typed text is taken (docs/decisions/030).
  useEffect(() => {
    const picked = fieldset.current?.querySelector<HTMLInputElement>('input[name="tier"]:checked')?.value;
    const { value: drawn, onChange: take } = first.current;
    if (picked && picked !== drawn && (BID_TIERS as readonly string[]).includes(picked)) take(picked as BidTier);
  }, []);
  return (
    <fieldset ref={fieldset} className="grid gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium">{t('bids:tier_label')}</legend>
      {/* Side by side only where the form itself is wide; stacked in the job page's sidebar and on phones. */}
      <div className="@container">
        <div className="grid gap-3 @2xl:grid-cols-3">
          {BID_TIERS.map((tier) => {
            const cost = BID_TIER_COSTS[tier];
            const affordable = credits >= cost;
            const checked = value === tier;
            const full = isFull(tier);
            return (
              <label
                key={tier}
                data-testid={`tier-${tier}`}
                data-full={full || undefined}
                className={cn(
                  'relative flex flex-col gap-2 rounded-xl border bg-card p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  full
                    ? 'cursor-not-allowed border-border opacity-60'
                    : 'cursor-pointer border-border hover:border-border-strong',
                  'has-[:checked]:border-primary has-[:checked]:bg-primary-soft/60 has-[:checked]:ring-1 has-[:checked]:ring-primary',
                )}
              >
                <input
                  type="radio"
                  name="tier"
                  value={tier}
                  checked={checked}
                  disabled={full}
                  onChange={() => onChange(tier)}
                  className="sr-only"
                />
                <span className="flex items-center justify-between gap-2">
                  <span className="font-semibold">
                    {tiers[tier].name}
                    {full && (
                      <span className="ml-2 text-xs font-semibold text-warning-strong">{t('bids:tier_full')}</span>
                    )}
                  </span>
                  <span
                    className={cn(
                      'rounded-full px-2 py-0.5 text-xs font-semibold',
                      affordable ? 'bg-muted text-foreground' : 'bg-destructive-soft text-destructive-strong',
                    )}
                  >
                    {t('bids:tier_cost', { count: cost })}
                  </span>
                </span>
                <span className="text-[13px] text-muted-foreground">{tiers[tier].summary}</span>
                <ul className="grid gap-1.5 text-[13px]">
                  {tiers[tier].features.map((feature) => (
                    <li key={feature} className="flex gap-1.5">
                      <Check className="mt-0.5 size-3.5 shrink-0 text-success" aria-hidden />
                      <span>{feature}</span>
                    </li>
                  ))}
                </ul>
              </label>
            );
          })}
        </div>
      </div>
    </fieldset>
  );
}
