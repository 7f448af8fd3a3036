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
import { isJobFull, isTierFull, type Job } from '#shared/jobs.js';
import { BidSeats } from '#client/jobs/index.js';
import { translateMessage } from '#client/lib/errors.js';
import { useFormFailure, useRouteForm } from '#client/lib/forms.js';
import { Alert } from '#client/ui/alert.js';
import { Button } from '#client/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/ui/card.js';
import { Field } from '#client/ui/field.js';
import { Input } from '#client/ui/input.js';
import { Spinner } from '#client/ui/spinner.js';
import { Textarea } from '#client/ui/textarea.js';
import { toast } from '#client/ui/toast.js';
import { TierPicker } from './tier-picker.js';

const FIELDS = ['amount', 'message'] as const;
/** The form's `intent`: the job page's action (job-detail-page.tsx) sends it to placeBidAction. */
export const PLACE_BID_INTENT = 'place-bid';

/**
 * The job page's bid form (spec §2, §5): amount, message and tier; submit needs credits for the tier. It posts
 * to the job page's action, by scripts or by the browser itself (docs/decisions/030); a refusal is drawn in
 * the form, with the values sent. Before anyone pays it shows the job's bids and seats, and a full job or
 * tier instead of offering it (docs/contract.md §3.9).
 */
export function BidForm({ credits, job }: { credits: number; job: Job }) {
  if (isJobFull(job)) return <JobFullCard job={job} />;
  return <OpenBidForm credits={credits} job={job} />;
}

function JobFullCard({ job }: { job: Job }) {
  const { t } = useTranslation();
  return (
    <Card data-testid="bid-form-full">
      <CardHeader>
        <CardTitle>{t('bids:job_full_title')}</CardTitle>
        <CardDescription>{t('bids:job_full_description', { count: job.bidCap ?? job.bidCount })}</CardDescription>
      </CardHeader>
      <CardContent>
        <BidSeats job={job} detailed className="text-sm" />
      </CardContent>
    </Card>
  );
}

function OpenBidForm({ credits, job }: { credits: number; job: Job }) {
  const { t } = useTranslation();
  const failure = useFormFailure(FIELDS, 'bids:submit_failed');
  // The page's action answers every form on it: this refusal is the bid form's only if it sent it.
  const refused = failure.values.intent === PLACE_BID_INTENT;
  const sent = refused ? failure.values : {};
  const form = useForm<PlaceBidInput, unknown, PlaceBidData>({
    resolver: zodResolver(PlaceBidSchema),
    defaultValues: {
      amount: sent.amount ?? '',
      message: sent.message ?? '',
      tier: PlaceBidSchema.shape.tier.catch('regular').parse(sent.tier),
    },
  });
  const { errors } = form.formState;
  const tier = form.watch('tier') ?? 'regular';
  const cost = BID_TIER_COSTS[tier];
  const canAfford = credits >= cost && !isTierFull(job, tier);
  const fieldError = (field: (typeof FIELDS)[number]) =>
    translateMessage(errors[field]?.message, t) ?? (refused ? failure.fieldError(field) : undefined);

  const { formProps, pending } = useRouteForm(
    (valid) =>
      form.handleSubmit(valid, (invalid) => {
        // Spec §5: an empty amount is also announced as 'Please enter a bid amount'.
        if (invalid.amount && !String(form.getValues('amount') ?? '').trim()) {
          toast({ title: t('bids:toast_error_title'), description: t('bids:enter_amount'), variant: 'destructive' });
        }
      }),
    PLACE_BID_INTENT,
  );

  return (
    <Card data-testid="bid-form">
      <CardHeader>
        <CardTitle>{t('bids:form_title')}</CardTitle>
        <CardDescription>{t('bids:form_description', { count: credits })}</CardDescription>
        <BidSeats job={job} detailed className="text-sm" />
      </CardHeader>
      <CardContent>
        <form {...formProps} noValidate className="@container grid gap-5" aria-label={t('bids:form_title')}>
          <input type="hidden" name="intent" value={PLACE_BID_INTENT} />
          {refused && failure.formError && <Alert variant="destructive">{failure.formError}</Alert>}
          <Field label={t('bids:amount_label')} required error={fieldError('amount')} hint={t('bids:amount_hint')}>
            <Input
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('bids:amount_placeholder')}
              defaultValue={sent.amount}
              {...form.register('amount')}
            />
          </Field>
          <Field label={t('bids:message_label')} error={fieldError('message')}>
            <Textarea
              maxLength={BID_MESSAGE_MAX_LENGTH}
              placeholder={t('bids:message_placeholder')}
              defaultValue={sent.message}
              {...form.register('message')}
            />
          </Field>
          <TierPicker
            value={tier}
            onChange={(next) => form.setValue('tier', next)}
            credits={credits}
            isFull={(option) => isTierFull(job, option)}
            disabled={pending}
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
            <Button type="submit" size="lg" disabled={!canAfford || pending} className="w-full @xl:w-auto @xl:min-w-48">
              {pending && <Spinner className="text-current" />}
              {t('bids:submit', { count: cost })}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
