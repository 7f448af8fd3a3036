import { Coins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '#client/ui/card.js';

export function BalanceCard({ credits }: { credits: number }) {
  const { t } = useTranslation();
  return (
    <Card data-testid="balance-card" className="bg-linear-to-br from-brand-950 to-primary text-white">
      <CardContent className="flex items-center gap-4">
        <span className="flex size-12 items-center justify-center rounded-full bg-white/15">
          <Coins className="size-6 text-accent" aria-hidden />
        </span>
        <div className="grid">
          <span className="text-sm text-white/80">{t('credits:current_balance')}</span>
          <span className="text-3xl font-extrabold tabular-nums">
            {credits}{' '}
            <span className="text-base font-medium text-white/80">{t('credits:credits_unit', { count: credits })}</span>
          </span>
        </div>
      </CardContent>
    </Card>
  );
}
