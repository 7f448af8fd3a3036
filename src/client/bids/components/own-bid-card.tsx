import { zodResolver } from '@hookform/resolvers/zod';
import { PencilLine } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  BID_MESSAGE_MAX_LENGTH,
  ReviseBidSchema,
  type Bid,
  type ReviseBidData,
  type ReviseBidInput,
} from '#shared/bids.js';
import { errorMessage, translateMessage } from '#client/lib/errors.js';
import { formatDate, formatMoney, formatRelativeTime } from '#client/lib/format.js';
import { useLanguage } from '#client/lib/i18n.js';
import { Button } from '#client/ui/button.js';
import { Card, CardContent, CardHeader, CardTitle } from '#client/ui/card.js';
import { Field } from '#client/ui/field.js';
import { Input } from '#client/ui/input.js';
import { Spinner } from '#client/ui/spinner.js';
import { Textarea } from '#client/ui/textarea.js';
import { toast } from '#client/ui/toast.js';
import { useReviseBid } from '../api/revise-bid.js';
import { BidStatusBadge, TierBadge } from './tier-badge.js';
import { BidTimeline } from './bid-timeline.js';
import { DisputeControl } from './dispute-form.js';

/** A bidder's own bid on the job page, with the one revision a block or bust bid allows. */
export function OwnBidCard({ bid }: { bid: Bid }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [revising, setRevising] = useState(false);

  return (
    <Card data-testid="own-bid">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>{t('bids:your_bid')}</CardTitle>
          <div className="flex items-center gap-2">
            <TierBadge tier={bid.tier} />
            <BidStatusBadge status={bid.status} />
          </div>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p className="text-3xl font-extrabold tracking-tight tabular-nums" data-testid="own-bid-amount">
            {formatMoney(bid.amount, language)}
          </p>
          <p className="text-sm text-muted-foreground" suppressHydrationWarning>
            {t('bids:placed_on', { date: formatDate(bid.createdAt, language) })}
            <span aria-hidden> · </span>
            {t('bids:credits_spent_on_bid', { count: bid.creditsCost })}
          </p>
        </div>
        <BidTimeline entries={bid.timeline} />
        <DisputeControl bid={bid} />
        {bid.message && <p className="rounded-xl bg-muted/60 p-3 text-sm whitespace-pre-line">{bid.message}</p>}
        {bid.revisedAt && (
          <p className="text-[13px] text-muted-foreground" suppressHydrationWarning>
            {t('bids:revised_on', { date: formatDate(bid.revisedAt, language) })}
          </p>
        )}
        {bid.revisableUntil &&
          (revising ? (
            <ReviseBidForm bid={bid} onDone={() => setRevising(false)} />
          ) : (
            <div className="flex flex-col gap-2 rounded-xl border border-info/20 bg-info-soft p-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-[13px] text-info-strong" suppressHydrationWarning>
                {t('bids:revision_available', { time: formatRelativeTime(bid.revisableUntil, language) })}
              </p>
              <Button variant="outline" size="sm" onClick={() => setRevising(true)}>
                <PencilLine aria-hidden />
                {t('bids:revise')}
              </Button>
            </div>
          ))}
      </CardContent>
    </Card>
  );
}

function ReviseBidForm({ bid, onDone }: { bid: Bid; onDone: () => void }) {
  const { t } = useTranslation();
  const revise = useReviseBid(bid.jobId);
  const form = useForm<ReviseBidInput, unknown, ReviseBidData>({
    resolver: zodResolver(ReviseBidSchema),
    defaultValues: { amount: bid.amount, message: bid.message ?? '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await revise.mutateAsync(values);
      toast({ title: t('bids:toast_success_title'), description: t('bids:revise_success'), variant: 'success' });
      onDone();
    } catch (error) {
      toast({
        title: t('bids:toast_error_title'),
        description: errorMessage(error, t, 'bids:revise_failed'),
        variant: 'destructive',
      });
    }
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4 rounded-xl border border-border p-4"
      aria-label={t('bids:revise')}
    >
      <p className="text-[13px] text-muted-foreground">{t('bids:revise_once_note')}</p>
      <Field label={t('bids:amount_label')} required error={translateMessage(errors.amount?.message, t)}>
        <Input inputMode="decimal" autoComplete="off" {...form.register('amount')} />
      </Field>
      <Field label={t('bids:message_label')} error={translateMessage(errors.message?.message, t)}>
        <Textarea rows={3} maxLength={BID_MESSAGE_MAX_LENGTH} {...form.register('message')} />
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onDone} disabled={revise.isPending}>
          {t('bids:cancel')}
        </Button>
        <Button type="submit" disabled={revise.isPending}>
          {revise.isPending && <Spinner className="text-current" />}
          {t('bids:revise_submit')}
        </Button>
      </div>
    </form>
  );
}
