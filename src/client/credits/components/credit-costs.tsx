import { useTranslation } from 'react-i18next';
import { BID_TIER_COSTS, BID_TIERS } from '#shared/bids.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/ui/card.js';

/** How credits are spent: the tier prices from the one constant (docs/contract.md §4.1). */
export function CreditCosts() {
  const { t } = useTranslation();
  const tiers = {
    regular: { name: t('bids:tier_regular'), summary: t('bids:tier_regular_summary') },
    block: { name: t('bids:tier_block'), summary: t('bids:tier_block_summary') },
    bust: { name: t('bids:tier_bust'), summary: t('bids:tier_bust_summary') },
  };
  return (
    <Card data-testid="credit-costs">
      <CardHeader>
        <CardTitle>{t('credits:costs_title')}</CardTitle>
        <CardDescription>{t('credits:costs_description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 sm:grid-cols-3">
          {BID_TIERS.map((tier) => (
            <li key={tier} className="grid gap-1 rounded-xl border border-border bg-muted/40 p-4">
              <span className="font-semibold">{tiers[tier].name}</span>
              <span className="text-2xl font-extrabold tabular-nums">
                {t('credits:tier_price', { count: BID_TIER_COSTS[tier] })}
              </span>
              <span className="text-[13px] text-muted-foreground">{tiers[tier].summary}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
