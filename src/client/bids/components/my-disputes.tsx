import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate } from '#client/lib/format.js';
import { useLanguage } from '#client/lib/i18n.js';
import { Card, CardContent, CardHeader, CardTitle } from '#client/ui/card.js';
import { Skeleton } from '#client/ui/skeleton.js';
import { useMyDisputes } from '../api/dispute-bid.js';
import { DisputeStatusBadge } from './dispute-form.js';

/** The provider's disputes with where each stands and the operator's note (GET /api/my-disputes, §3.9). */
export function MyDisputesCard() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { data, isPending } = useMyDisputes();
  return (
    <Card data-testid="my-disputes">
      <CardHeader>
        <CardTitle>{t('bids:my_disputes_title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {isPending && <Skeleton className="h-16" />}
        {data?.length === 0 && <p className="text-sm text-muted-foreground">{t('bids:my_disputes_empty')}</p>}
        <ul className="grid gap-3">
          {data?.map((dispute) => (
            <li key={dispute.id} className="grid gap-1 rounded-xl border border-border p-3" data-testid="my-dispute">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Link to={`/jobs/${dispute.jobId}`} className="min-w-0 font-medium break-words hover:text-primary">
                  {dispute.jobTitle}
                </Link>
                <DisputeStatusBadge status={dispute.status} />
              </div>
              <p className="text-xs text-muted-foreground" suppressHydrationWarning>
                {t(`bids:dispute_reason_${dispute.reason}`)}
                <span aria-hidden> · </span>
                {formatDate(dispute.createdAt, language)}
                {dispute.status === 'approved' && (
                  <>
                    <span aria-hidden> · </span>
                    {t('bids:dispute_credits_back', { count: dispute.creditsCost })}
                  </>
                )}
              </p>
              {dispute.note && <p className="text-sm break-words">{t('bids:dispute_note', { note: dispute.note })}</p>}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
