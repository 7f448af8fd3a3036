import { Crown, Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Form, useActionData, useNavigation } from 'react-router';
import type { Bid } from '#shared/bids.js';
import type { Job } from '#shared/jobs.js';
import { useFormFailure, type FormFailure } from '#client/lib/forms.js';
import { formatMoney, formatRelativeTime } from '#client/lib/format.js';
import { useLanguage } from '#client/lib/i18n.js';
import { Avatar } from '#client/ui/avatar.js';
import { Badge } from '#client/ui/badge.js';
import { Button } from '#client/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/ui/card.js';
import { EmptyState } from '#client/ui/empty-state.js';
import { Skeleton } from '#client/ui/skeleton.js';
import { Alert } from '#client/ui/alert.js';
import { MessageButton } from '#client/messages/index.js';
import { ConfirmAction } from '#client/ui/confirm-action.js';
import { useJobBids } from '../api/get-job-bids.js';
import { BidStatusBadge, TierBadge } from './tier-badge.js';

/** The owner's view (docs/contract.md §4.5): every bid in full, in the server's priority order. */
export function OwnerBidList({ job }: { job: Job }) {
  const { t } = useTranslation();
  const { data: bids, isPending, isError } = useJobBids(job.id);

  return (
    <Card data-testid="owner-bids">
      <CardHeader>
        <CardTitle>{t('bids:owner_title', { count: bids?.length ?? 0 })}</CardTitle>
        <CardDescription>{t('bids:owner_description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending && (
          <div className="grid gap-3">
            <Skeleton className="h-24 rounded-xl" />
            <Skeleton className="h-24 rounded-xl" />
          </div>
        )}
        {isError && <p className="text-sm text-destructive">{t('bids:load_failed')}</p>}
        {bids && bids.length === 0 && (
          <EmptyState
            icon={Inbox}
            title={t('bids:owner_empty_title')}
            description={t('bids:owner_empty_description')}
          />
        )}
        {bids && bids.length > 0 && (
          <ol className="grid gap-3">
            {bids.map((bid) => (
              <OwnerBidRow key={bid.id} bid={bid} job={job} />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

/** What the accept form's action answers before a hire: the bid whose question stands open (`null`: none). */
export type AcceptQuestion = { asking: string | null };

/** The accept form's `intent`: the job page's action (job-detail-page.tsx) sends it to acceptBidAction. */
export const ACCEPT_BID_INTENT = 'accept-bid';
/** The decline form's `intent` ('Not for me', docs/contract.md §3.9), sent to declineBidAction. */
export const DECLINE_BID_INTENT = 'decline-bid';

function OwnerBidRow({ bid, job }: { bid: Bid; job: Job }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const navigation = useNavigation();
  const answer = useActionData() as Partial<AcceptQuestion & FormFailure> | undefined;
  const failure = useFormFailure([], 'common:error_generic');
  // The page's action answers every form on it: what it answered is this row's only if this row sent it.
  const refused =
    (failure.values.intent === ACCEPT_BID_INTENT || failure.values.intent === DECLINE_BID_INTENT) &&
    failure.values.bidId === bid.id;
  const pending = navigation.state !== 'idle' && navigation.formData?.get('bidId') === bid.id;
  const canAccept = job.status === 'open' && bid.status === 'pending';
  const amount = formatMoney(bid.amount, language);
  return (
    <li
      data-testid="owner-bid"
      data-tier={bid.tier}
      className={
        bid.isPriority
          ? 'rounded-xl border border-warning/40 bg-warning-soft/40 p-4'
          : 'rounded-xl border border-border p-4'
      }
    >
      <div className="flex flex-wrap items-start gap-3">
        <Avatar name={bid.providerName} />
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{bid.providerName}</span>
            <TierBadge tier={bid.tier} />
            {bid.sponsored && (
              <Badge variant="neutral" data-testid="sponsored">
                {t('bids:sponsored')}
              </Badge>
            )}
            {bid.isPriority && (
              <Badge variant="warning" className="bg-accent text-brand-950">
                <Crown aria-hidden />
                {t('bids:priority')}
              </Badge>
            )}
          </div>
          <p className="text-xs text-muted-foreground">
            <span suppressHydrationWarning>{formatRelativeTime(bid.createdAt, language)}</span>
            {bid.estimatedDuration && (
              <>
                <span aria-hidden> · </span>
                {t('bids:estimated_duration', { duration: bid.estimatedDuration })}
              </>
            )}
          </p>
        </div>
        <div className="grid justify-items-end gap-1">
          <span className="text-xl font-bold tabular-nums">{amount}</span>
          <BidStatusBadge status={bid.status} />
        </div>
      </div>
      {bid.message && <p className="mt-3 text-sm whitespace-pre-line text-foreground/90">{bid.message}</p>}
      <div className="mt-3 flex flex-wrap items-start gap-2">
        <MessageButton
          jobId={job.id}
          jobTitle={job.title}
          receiverId={bid.providerId}
          receiverName={bid.providerName}
        />
        {canAccept && (
          // A form per bid, posted to the job page's action by scripts or by the browser itself.
          <Form method="post" className="contents">
            <input type="hidden" name="intent" value={ACCEPT_BID_INTENT} />
            <input type="hidden" name="bidId" value={bid.id} />
            <input type="hidden" name="providerName" value={bid.providerName} />
            <ConfirmAction
              submit
              asking={answer?.asking === bid.id}
              variant="default"
              label={t('projects:accept_bid')}
              cancelLabel={t('projects:cancel_keep')}
              question={t('projects:accept_confirm', { name: bid.providerName, amount })}
              pending={pending}
            />
          </Form>
        )}
        {canAccept && (
          <Form method="post" className="contents">
            <input type="hidden" name="intent" value={DECLINE_BID_INTENT} />
            <input type="hidden" name="bidId" value={bid.id} />
            <Button type="submit" variant="outline" disabled={pending} data-testid="decline-bid">
              {t('bids:decline')}
            </Button>
          </Form>
        )}
      </div>
      {refused && failure.formError && (
        <Alert variant="destructive" className="mt-3">
          {failure.formError}
        </Alert>
      )}
    </li>
  );
}
