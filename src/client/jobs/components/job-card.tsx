import { ArrowRight, CalendarDays, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { photoThumbnailUrl, type Job } from '#shared/jobs.js';
import { formatBudgetRange, formatDate, formatRelativeTime } from '#client/lib/format.js';
import { useLanguage } from '#client/lib/i18n.js';
import { Badge } from '#client/ui/badge.js';
import { Button } from '#client/ui/button.js';
import { Card } from '#client/ui/card.js';
import { BidSeats } from './bid-seats.js';
import { categoryIcon, categoryLabel } from './category.js';

type JobCardProps = {
  job: Job;
  /** Extra controls under the card (the provider's quick bid form). */
  actions?: ReactNode;
};

/**
 * Spec §2 job card: category, budget range, first photo, title link, description, location, date, View Details;
 * and the published bid count (docs/contract.md §3.9).
 */
export function JobCard({ job, actions }: JobCardProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const href = `/jobs/${job.id}`;
  const photo = job.photos[0];
  const Icon = categoryIcon(job.category);

  return (
    <Card className="flex h-full flex-col overflow-hidden transition hover:shadow-lift">
      <Link to={href} tabIndex={-1} aria-hidden className="block aspect-[16/9] overflow-hidden bg-primary-soft">
        {photo ? (
          <img
            src={photoThumbnailUrl(photo)}
            alt=""
            loading="lazy"
            decoding="async"
            className="size-full object-cover transition duration-300 hover:scale-[1.02]"
          />
        ) : (
          <span className="flex size-full items-center justify-center text-primary/40">
            <Icon className="size-12" strokeWidth={1.5} />
          </span>
        )}
      </Link>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Badge variant="info">
            <Icon aria-hidden />
            {categoryLabel(job.category, t)}
          </Badge>
          <span className="text-sm font-bold text-foreground">
            {formatBudgetRange(job.budgetMin, job.budgetMax, language, t)}
          </span>
        </div>
        <h3 className="text-lg leading-snug font-semibold">
          <Link
            to={href}
            className="rounded-sm hover:text-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {job.title}
          </Link>
        </h3>
        <p className="line-clamp-3 text-sm leading-relaxed text-muted-foreground">{job.description}</p>
        <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1.5 pt-1 text-[13px] text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <MapPin className="size-3.5" aria-hidden />
            {job.location}
          </span>
          <span className="inline-flex items-center gap-1">
            <CalendarDays className="size-3.5" aria-hidden />
            <time dateTime={job.createdAt} title={formatDate(job.createdAt, language)} suppressHydrationWarning>
              {t('jobs:posted_ago', { time: formatRelativeTime(job.createdAt, language) })}
            </time>
          </span>
          <BidSeats job={job} />
        </div>
      </div>
      <div className="flex flex-col gap-3 border-t border-border px-5 py-4">
        <Button asChild variant="outline" size="sm" className="w-full sm:w-auto sm:self-start">
          <Link to={href}>
            {t('jobs:view_details')}
            <ArrowRight aria-hidden />
          </Link>
        </Button>
        {actions}
      </div>
    </Card>
  );
}
