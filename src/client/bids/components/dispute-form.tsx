import { Flag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Form, useNavigation } from 'react-router';
import {
  DISPUTE_DETAILS_MAX_LENGTH,
  DISPUTE_REASONS,
  DISPUTE_WINDOW_DAYS,
  type BidTimelineEntry,
  type DisputeStatus,
} from '#shared/bids.js';
import { useFormFailure } from '#client/lib/forms.js';
import { cn } from '#client/lib/cn.js';
import { Alert } from '#client/ui/alert.js';
import { Badge } from '#client/ui/badge.js';
import { Button, buttonVariants } from '#client/ui/button.js';
import { Field } from '#client/ui/field.js';
import { NativeSelect } from '#client/ui/native-select.js';
import { Spinner } from '#client/ui/spinner.js';
import { Textarea } from '#client/ui/textarea.js';

/** The dispute form's `intent`, sent to disputeBidAction by the page's action (docs/decisions/030). */
export const DISPUTE_BID_INTENT = 'dispute-bid';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where the bid's dispute stands, read from its timeline (docs/contract.md §3.9); null when it has none. */
export function disputeStatusOf(timeline: BidTimelineEntry[] | undefined): DisputeStatus | null {
  if (!timeline?.some((entry) => entry.type === 'disputed')) return null;
  if (timeline.some((entry) => entry.type === 'dispute_refused')) return 'refused';
  if (timeline.some((entry) => entry.reason === 'dispute_approved')) return 'approved';
  return 'open';
}

const STATUS_VARIANT = { open: 'info', approved: 'success', refused: 'neutral' } as const;

export function DisputeStatusBadge({ status }: { status: DisputeStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant={STATUS_VARIANT[status]} data-testid="dispute-status" data-status={status}>
      {t(`bids:dispute_status_${status}`)}
    </Badge>
  );
}

type DisputableBid = { id: string; jobId: string; createdAt: string; timeline?: BidTimelineEntry[] };

/**
 * A provider's one-tap 'Dispute' on their own bid (docs/contract.md §3.9): a native disclosure (<details>) that
 * opens a small form, a reason and optional details, posted to the page's action by scripts or by the browser
 * itself, so it works before hydration. Once disputed, the dispute's status instead; nothing when the credits came
 * back already or the 14 days are over.
 */
export function DisputeControl({ bid }: { bid: DisputableBid }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const failure = useFormFailure(['reason', 'details'], 'common:error_generic');
  const status = disputeStatusOf(bid.timeline);
  if (status) return <DisputeStatusBadge status={status} />;
  const refunded = bid.timeline?.some((entry) => entry.type === 'refunded');
  // Only hides the button: the server's answer is the last word (dispute_window_closed).
  const windowOpen = Date.now() - new Date(bid.createdAt).getTime() <= DISPUTE_WINDOW_DAYS * DAY_MS;
  if (refunded || !windowOpen) return null;
  // The page's action answers every form on it: a refusal is this form's only if this form sent it.
  const mine = failure.values.intent === DISPUTE_BID_INTENT && failure.values.bidId === bid.id;
  const pending = navigation.state !== 'idle' && navigation.formData?.get('bidId') === bid.id;
  return (
    <details className="group w-full" open={mine && failure.status !== null} data-testid="dispute">
      <summary
        className={cn(
          buttonVariants({ variant: 'ghost', size: 'sm' }),
          'w-fit cursor-pointer list-none text-muted-foreground [&::-webkit-details-marker]:hidden',
        )}
      >
        <Flag aria-hidden />
        {t('bids:dispute')}
      </summary>
      <Form
        method="post"
        className="mt-2 grid gap-3 rounded-xl border border-border p-3"
        aria-label={t('bids:dispute_title')}
      >
        <input type="hidden" name="intent" value={DISPUTE_BID_INTENT} />
        <input type="hidden" name="bidId" value={bid.id} />
        <input type="hidden" name="jobId" value={bid.jobId} />
        <p className="text-[13px] text-muted-foreground">{t('bids:dispute_hint')}</p>
        <Field label={t('bids:dispute_reason_label')} required error={mine ? failure.fieldError('reason') : undefined}>
          <NativeSelect name="reason" required defaultValue={mine ? failure.values.reason : ''}>
            <option value="" disabled>
              {t('bids:dispute_reason_placeholder')}
            </option>
            {DISPUTE_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {t(`bids:dispute_reason_${reason}`)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label={t('bids:dispute_details_label')} error={mine ? failure.fieldError('details') : undefined}>
          <Textarea
            name="details"
            rows={2}
            maxLength={DISPUTE_DETAILS_MAX_LENGTH}
            defaultValue={mine ? failure.values.details : ''}
          />
        </Field>
        {mine && failure.formError && <Alert variant="destructive">{failure.formError}</Alert>}
        <Button type="submit" size="sm" className="w-full sm:w-fit" disabled={pending} data-testid="dispute-submit">
          {pending && <Spinner className="text-current" />}
          {t('bids:dispute_submit')}
        </Button>
      </Form>
    </details>
  );
}
