import { useTranslation } from 'react-i18next';
import type { BidTimelineEntry } from '#shared/bids.js';
import { formatRelativeTime } from '#client/lib/format.js';
import { useLanguage } from '#client/lib/i18n.js';

/** A bid's story for its provider (docs/contract.md §3.9): each step with when it happened, oldest first. */
export function BidTimeline({ entries }: { entries: BidTimelineEntry[] | undefined }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  if (!entries || entries.length === 0) return null;
  return (
    <ol className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground" data-testid="bid-timeline">
      {entries.map((entry, index) => (
        <li key={`${entry.type}-${index}`} data-type={entry.type} className="flex min-w-0 items-center gap-1">
          <span className="font-medium text-foreground">
            {entry.reason ? t(`bids:timeline_refunded_${entry.reason}`) : t(`bids:timeline_${entry.type}`)}
          </span>
          <span suppressHydrationWarning>{formatRelativeTime(entry.at, language)}</span>
        </li>
      ))}
    </ol>
  );
}
