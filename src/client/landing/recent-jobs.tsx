import { ArrowRight, Clock, MapPin, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LOGIN_URL } from '#client/lib/query-client.js';
import { formatBudgetRange, formatRelativeTime } from '#client/lib/format.js';
import { useLanguage } from '#client/lib/i18n.js';
import { Badge } from '#client/ui/badge.js';
import { Button } from '#client/ui/button.js';
import { Card, CardContent, CardFooter } from '#client/ui/card.js';
import { SectionHeading } from './section-heading.js';

const HOUR_MS = 3_600_000;

// Spec §2: three hard-coded sample jobs; the real list is behind login.
const SAMPLE_JOBS = [
  { n: 1, category: 'construction', min: '8000.00', max: '12000.00', postedHoursAgo: 2, bids: 6 },
  { n: 2, category: 'plumbing', min: '150.00', max: '300.00', postedHoursAgo: 5, bids: 3 },
  { n: 3, category: 'electrical', min: '600.00', max: null, postedHoursAgo: 26, bids: 8 },
] as const;

export function RecentJobs() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const now = Date.now();
  return (
    <section
      id="recent-jobs"
      aria-labelledby="recent-jobs-title"
      className="mx-auto max-w-6xl px-4 py-20 sm:px-6 lg:px-8 lg:py-24"
    >
      <SectionHeading
        id="recent-jobs-title"
        eyebrow={t('landing:recent_eyebrow')}
        title={t('landing:recent_title')}
        description={t('landing:recent_description')}
      />
      <ul className="grid gap-6 md:grid-cols-3">
        {SAMPLE_JOBS.map((job) => (
          <li key={job.n}>
            <Card className="flex h-full flex-col transition hover:shadow-lift">
              <CardContent className="flex flex-1 flex-col gap-4">
                <div className="flex items-center justify-between gap-3">
                  <Badge variant="info">{t(`landing:category_${job.category}`)}</Badge>
                  <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
                    <Clock className="size-3.5" aria-hidden />
                    <span suppressHydrationWarning>
                      {formatRelativeTime(new Date(now - job.postedHoursAgo * HOUR_MS).toISOString(), language, now)}
                    </span>
                  </span>
                </div>
                <div>
                  <h3 className="text-lg leading-snug font-semibold">{t(`landing:sample_job_${job.n}_title`)}</h3>
                  <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-muted-foreground">
                    {t(`landing:sample_job_${job.n}_description`)}
                  </p>
                </div>
                <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-2 text-[13px] text-muted-foreground">
                  <span className="inline-flex items-center gap-1">
                    <MapPin className="size-3.5" aria-hidden />
                    {t(`landing:sample_job_${job.n}_location`)}
                  </span>
                  <span className="inline-flex items-center gap-1">
                    <Users className="size-3.5" aria-hidden />
                    {t('landing:bids_count', { count: job.bids })}
                  </span>
                </div>
              </CardContent>
              <CardFooter className="justify-between border-t border-border pt-4">
                <div>
                  <p className="text-xs text-muted-foreground">{t('landing:budget')}</p>
                  <p className="font-bold text-foreground">{formatBudgetRange(job.min, job.max, language, t)}</p>
                </div>
                <Button asChild variant="outline" size="sm">
                  <a
                    href={LOGIN_URL}
                    aria-label={t('landing:bid_now_on', { title: t(`landing:sample_job_${job.n}_title`) })}
                  >
                    {t('landing:bid_now')}
                    <ArrowRight aria-hidden />
                  </a>
                </Button>
              </CardFooter>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
