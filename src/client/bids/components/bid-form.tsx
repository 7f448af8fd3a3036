import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  BID_MESSAGE_MAX_LENGTH,
  BID_TIER_COSTS,
  PlaceBidSchema,
  type PlaceBidData,
  type PlaceBidInput,
} from '#shared/bids.js';
import type { Job } from '#shared/jobs.js';
import { applyFieldErrors, errorMessage, translateMessage } from '#client/lib/errors.js';
import { Button } from '#client/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/ui/card.js';
import { Field } from '#client/ui/field.js';
import { Input } from '#client/ui/input.js';
import { Spinner } from '#client/ui/spinner.js';
import { Textarea } from '#client/ui/textarea.js';
import { toast } from '#client/ui/toast.js';
import { usePlaceBid } from '../api/place-bid.js';
import { TierPicker } from './tier-picker.js';

/** The job page's bid form (spec §2, §5): amount, message and tier; submit needs credits for the tier. */
export function BidForm({ job, credits }: { job: Job; credits: number }) {
  const { t } = useTranslation();
  const placeBid = usePlaceBid(job.id);
  const form = useForm<PlaceBidInput, unknown, PlaceBidData>({
    resolver: zodResolver(PlaceBidSchema),
    defaultValues: { amount: '', message: '', tier: 'regular' },
  });
  const { errors } = form.formState;
  const tier = form.watch('tier') ?? 'regular';
  const cost = BID_TIER_COSTS[tier];
  const canAfford = credits >= cost;

  const onSubmit = form.handleSubmit(
    // mutateAsync: on success the form gives way to the bidder's own bid, and the toast must still show.
    async (values) => {
      try {
        await placeBid.mutateAsync(values);
        toast({
          title: t('bids:toast_success_title'),
          description: t('bids:toast_success_description'),
          variant: 'success',
        });
      } catch (error) {
        applyFieldErrors(error, form.setError, ['amount', 'message'], t);
        toast({
          title: t('bids:toast_error_title'),
          description: errorMessage(error, t, 'bids:submit_failed'),
          variant: 'destructive',
        });
      }
    },
    (invalid) => {
      // Spec §5: an empty amount is also announced as 'Please enter a bid amount'.
      if (invalid.amount && !String(form.getValues('amount') ?? '').trim()) {
        toast({ title: t('bids:toast_error_title'), description: t('bids:enter_amount'), variant: 'destructive' });
      }
    },
  );

  return (
    <Card data-testid="bid-form">
      <CardHeader>
        <CardTitle>{t('bids:form_title')}</CardTitle>
        <CardDescription>{t('bids:form_description', { count: credits })}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="@container grid gap-5">
          <Field
            label={t('bids:amount_label')}
            required
            error={translateMessage(errors.amount?.message, t)}
            hint={t('bids:amount_hint')}
          >
            <Input
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('bids:amount_placeholder')}
              {...form.register('amount')}
            />
          </Field>
          <Field label={t('bids:message_label')} error={translateMessage(errors.message?.message, t)}>
            <Textarea
              maxLength={BID_MESSAGE_MAX_LENGTH}
              placeholder={t('bids:message_placeholder')}
              {...form.register('message')}
            />
          </Field>
          <TierPicker
            value={tier}
            onChange={(next) => form.setValue('tier', next)}
            credits={credits}
            disabled={placeBid.isPending}
          />
          <div className="flex flex-col gap-3 @xl:flex-row @xl:items-center @xl:justify-between">
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {canAfford
                ? t('bids:cost_summary', { count: cost, balance: credits })
                : t('bids:cost_unaffordable', { count: cost, balance: credits })}
              {!canAfford && (
                <>
                  {' '}
                  <Link to="/buy-credits" className="font-semibold text-primary underline-offset-4 hover:underline">
                    {t('bids:buy_credits')}
                  </Link>
                </>
              )}
            </p>
            <Button
              type="submit"
              size="lg"
              disabled={!canAfford || placeBid.isPending}
              className="w-full @xl:w-auto @xl:min-w-48"
            >
              {placeBid.isPending && <Spinner className="text-current" />}
              {t('bids:submit', { count: cost })}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
