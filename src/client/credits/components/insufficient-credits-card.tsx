import { Coins } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CHEAPEST_BID_COST } from '#shared/bids.js';
import { Button } from '#client/ui/button.js';
import { Card, CardContent } from '#client/ui/card.js';

/** Spec §6: a provider short of the cheapest bid who does not own the job sees this instead of the form. */
export function InsufficientCreditsCard({ credits }: { credits: number }) {
  const { t } = useTranslation();
  return (
    <Card data-testid="insufficient-credits" className="border-warning/40 bg-warning-soft/50">
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent-strong">
          <Coins className="size-6" aria-hidden />
        </span>
        <div className="grid flex-1 gap-1">
          <h3 className="font-semibold">{t('credits:insufficient_title')}</h3>
          <p className="text-sm text-muted-foreground">
            {t('credits:insufficient_description', { count: CHEAPEST_BID_COST, balance: credits })}
          </p>
        </div>
        <Button asChild>
          <Link to="/buy-credits">{t('credits:buy_credits')}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
