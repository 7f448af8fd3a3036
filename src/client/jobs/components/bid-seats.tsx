import { Gavel } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isJobFull, type Job } from '#shared/jobs.js';
import { cn } from '#client/lib/cn.js';
import { Badge } from '#client/ui/badge.js';

type BidSeatsProps = {
  job: Pick<Job, 'bidCount' | 'bidCap' | 'seats'>;
  /** Also the Block and Bust seats taken (the job page and the bid form); cards show the count alone. */
  detailed?: boolean;
  className?: string;
};

/**
 * The published count, before anyone pays (docs/contract.md §3.9): '3 of 5 bids' with a cap, '3 bids' without,
 * 'Full' when the cap is reached, and with `detailed` the premium seats taken.
 */
export function BidSeats({ job, detailed, className }: BidSeatsProps) {
  const { t } = useTranslation('jobs');
  const full = isJobFull(job);
  return (
    <span data-testid="bid-seats" className={cn('inline-flex flex-wrap items-center gap-x-2 gap-y-1', className)}>
      <span className="inline-flex items-center gap-1">
        <Gavel className="size-3.5" aria-hidden />
        {job.bidCap === null
          ? t('jobs:bid_count', { count: job.bidCount })
          : t('jobs:bid_count_of_cap', { count: job.bidCap, taken: job.bidCount })}
      </span>
      {full && <Badge variant="warning">{t('jobs:bids_full')}</Badge>}
      {detailed && job.bidCap !== null && (
        <span className="text-muted-foreground">
          {t('jobs:seats_taken', {
            block: job.seats.block.taken,
            blockMax: job.seats.block.max,
            bust: job.seats.bust.taken,
            bustMax: job.seats.bust.max,
          })}
        </span>
      )}
    </span>
  );
}
