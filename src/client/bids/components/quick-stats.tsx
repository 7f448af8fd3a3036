import { useTranslation } from 'react-i18next';
import { formatMoney } from '#client/lib/format.js';
import { useLanguage } from '#client/lib/i18n.js';
import { Card, CardContent, CardHeader, CardTitle } from '#client/ui/card.js';
import { Skeleton } from '#client/ui/skeleton.js';
import { useMyBidStats } from '../api/get-my-bid-stats.js';

/** The provider's Quick Stats card on the dashboard sidebar. */
export function QuickStats() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { data: stats, isPending } = useMyBidStats();
  const rows = stats
    ? [
        { key: 'active', label: t('bids:stats_active_bids'), value: String(stats.activeBids) },
        { key: 'won', label: t('bids:stats_jobs_won'), value: String(stats.jobsWon) },
        { key: 'earnings', label: t('bids:stats_total_earnings'), value: formatMoney(stats.totalEarnings, language) },
        { key: 'spent', label: t('bids:stats_credits_spent'), value: String(stats.creditsSpent) },
      ]
    : [];
  return (
    <Card data-testid="quick-stats">
      <CardHeader>
        <CardTitle className="text-base">{t('bids:stats_title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Skeleton className="h-28" />
        ) : (
          <dl className="grid gap-2.5 text-sm">
            {rows.map((row) => (
              <div key={row.key} className="flex items-center justify-between gap-3">
                <dt className="text-muted-foreground">{row.label}</dt>
                <dd className="font-semibold tabular-nums" data-testid={`stat-${row.key}`}>
                  {row.value}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
