import { Activity, Clock, Crown, Lock, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityLevel, CompetitiveIntelligence } from '#shared/bids.js';
import { cn } from '#client/lib/cn.js';
import { formatMoney, formatRelativeTime } from '#client/lib/format.js';
import { useLanguage } from '#client/lib/i18n.js';
import { Badge } from '#client/ui/badge.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/ui/card.js';
import { Skeleton } from '#client/ui/skeleton.js';
import { useIntelligence } from '../api/get-intelligence.js';
import { TierBadge } from './tier-badge.js';

function ActivityBadge({ level }: { level: ActivityLevel }) {
  const { t } = useTranslation();
  if (level === 'high') return <Badge variant="destructive">{t('bids:activity_high')}</Badge>;
  if (level === 'medium') return <Badge variant="warning">{t('bids:activity_medium')}</Badge>;
  return <Badge variant="success">{t('bids:activity_low')}</Badge>;
}

function Stat({ label, children, className }: { label: ReactNode; children: ReactNode; className?: string }) {
  return (
    <div className={cn('rounded-xl border border-border bg-muted/50 p-3', className)}>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-base font-bold break-words tabular-nums">{children}</dd>
    </div>
  );
}

/** The live figures a block or bust bid bought (docs/contract.md §4.6), with its windows as relative times. */
export function IntelligencePanel({ jobId }: { jobId: string }) {
  const { data, isPending, isError } = useIntelligence(jobId);
  if (isPending) return <Skeleton className="h-64 rounded-2xl" />;
  if (isError || !data) return null;
  return <IntelligenceFigures intelligence={data} />;
}

function IntelligenceFigures({ intelligence }: { intelligence: CompetitiveIntelligence }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const now = Date.now();
  const windowOpen = intelligence.blockResponseWindow && new Date(intelligence.blockResponseWindow).getTime() > now;
  const priorityOpen = intelligence.bustPriorityUntil && new Date(intelligence.bustPriorityUntil).getTime() > now;
  const counts = intelligence.competitorTierCounts;
  const range = intelligence.averageBidRange;

  return (
    <Card data-testid="intelligence-panel" className="border-primary/30">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle className="flex items-center gap-2">{t('bids:intelligence_title')}</CardTitle>
          <TierBadge tier={intelligence.intelligenceLevel} />
        </div>
        <CardDescription>{t('bids:intelligence_description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="flex items-center justify-between gap-3 rounded-xl bg-primary-soft/70 px-4 py-3">
          <span className="flex items-center gap-2 text-sm font-medium text-primary-strong">
            <Users className="size-4" aria-hidden />
            {t('bids:intelligence_competitors')}
          </span>
          <span
            className="text-2xl font-extrabold tabular-nums text-primary-strong"
            data-testid="intelligence-competitors"
          >
            {intelligence.totalCompetitors}
          </span>
        </div>
        <dl className="grid grid-cols-3 gap-3">
          <Stat label={t('bids:tier_regular')}>{counts.regular}</Stat>
          <Stat label={t('bids:tier_block')}>{counts.block}</Stat>
          <Stat label={t('bids:tier_bust')}>{counts.bust}</Stat>
        </dl>

        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Activity className="size-4 text-muted-foreground" aria-hidden />
          <span className="text-muted-foreground">{t('bids:intelligence_activity')}</span>
          <ActivityBadge level={intelligence.activityLevel} />
          <span className="basis-full text-xs text-muted-foreground">{t('bids:intelligence_activity_hint')}</span>
        </div>

        {intelligence.intelligenceLevel === 'bust' ? (
          <div className="grid gap-2">
            <h4 className="text-sm font-semibold">{t('bids:intelligence_range')}</h4>
            {range ? (
              <dl className="grid grid-cols-3 gap-3">
                <Stat label={t('bids:intelligence_range_min')}>{formatMoney(range.min, language)}</Stat>
                <Stat label={t('bids:intelligence_range_median')} className="border-primary/30 bg-primary-soft/60">
                  {formatMoney(range.median, language)}
                </Stat>
                <Stat label={t('bids:intelligence_range_max')}>{formatMoney(range.max, language)}</Stat>
              </dl>
            ) : (
              <p className="text-sm text-muted-foreground">{t('bids:intelligence_range_empty')}</p>
            )}
          </div>
        ) : (
          <p className="flex items-center gap-2 rounded-xl border border-dashed border-border-strong p-3 text-[13px] text-muted-foreground">
            <Lock className="size-4 shrink-0" aria-hidden />
            {t('bids:intelligence_range_bust_only')}
          </p>
        )}

        <ul className="grid gap-2 text-sm">
          {intelligence.blockResponseWindow && (
            <li className="flex items-start gap-2">
              <Clock className="mt-0.5 size-4 shrink-0 text-info" aria-hidden />
              <span suppressHydrationWarning>
                {windowOpen
                  ? t('bids:intelligence_window_open', {
                      time: formatRelativeTime(intelligence.blockResponseWindow, language, now),
                    })
                  : t('bids:intelligence_window_closed')}
              </span>
            </li>
          )}
          {intelligence.bustPriorityUntil && (
            <li className="flex items-start gap-2">
              <Crown className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
              <span suppressHydrationWarning>
                {priorityOpen
                  ? t('bids:intelligence_priority_open', {
                      time: formatRelativeTime(intelligence.bustPriorityUntil, language, now),
                    })
                  : t('bids:intelligence_priority_closed')}
              </span>
            </li>
          )}
        </ul>
      </CardContent>
    </Card>
  );
}
