import { Check, Scale, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Form, useActionData, useNavigation } from 'react-router';
import { DISPUTE_NOTE_MAX_LENGTH, type AdminDispute } from '#shared/bids.js';
import { errorMessage } from '#client/lib/errors.js';
import { useFormFailure } from '#client/lib/forms.js';
import { formatDate, formatMoney } from '#client/lib/format.js';
import { useLanguage } from '#client/lib/i18n.js';
import { Alert } from '#client/ui/alert.js';
import { Button } from '#client/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/ui/card.js';
import { EmptyState } from '#client/ui/empty-state.js';
import { Field } from '#client/ui/field.js';
import { Spinner } from '#client/ui/spinner.js';
import { Textarea } from '#client/ui/textarea.js';
import { DECIDE_DISPUTE_INTENT, useOpenDisputes } from '../api/disputes.js';

/**
 * The operators' dispute queue (docs/contract.md §3.9): open disputes, oldest first, each with its job, the bid
 * and the provider's reason and details; approve (the credits back, once) or refuse, with a note. The forms post
 * to /admin's action, by scripts or by the browser itself.
 */
export function DisputesPanel() {
  const { t } = useTranslation();
  const { data, isPending, isError, error } = useOpenDisputes();
  const answer = useActionData() as { decided?: string; status?: string } | undefined;
  if (isPending) return <Spinner label={t('bids:admin_disputes_loading')} />;
  if (isError) return <p className="text-sm text-destructive">{errorMessage(error, t)}</p>;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t('bids:admin_disputes_title')}</CardTitle>
        <CardDescription>{t('bids:admin_disputes_hint')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {answer?.decided && (
          <Alert variant="success" data-testid="dispute-decided">
            {t(answer.status === 'approved' ? 'bids:admin_dispute_approved' : 'bids:admin_dispute_refused')}
          </Alert>
        )}
        {data.length === 0 ? (
          <EmptyState icon={Scale} title={t('bids:admin_disputes_empty')} />
        ) : (
          <ol className="grid gap-3" data-testid="dispute-queue">
            {data.map((dispute) => (
              <DisputeRow key={dispute.id} dispute={dispute} />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

function DisputeRow({ dispute }: { dispute: AdminDispute }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const navigation = useNavigation();
  const failure = useFormFailure(['note'], 'common:error_generic');
  const mine = failure.values.intent === DECIDE_DISPUTE_INTENT && failure.values.disputeId === dispute.id;
  const pending = navigation.state !== 'idle' && navigation.formData?.get('disputeId') === dispute.id;
  const { job, bid, provider } = dispute;
  return (
    <li className="grid gap-3 rounded-xl border border-border p-4" data-testid="queued-dispute">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <a href={`/jobs/${job.id}`} className="font-semibold break-words text-primary hover:underline">
            {job.title}
          </a>
          <span className="text-[13px] text-muted-foreground" suppressHydrationWarning>
            {formatDate(dispute.createdAt, language)}
          </span>
        </div>
        <p className="text-[13px] break-words text-muted-foreground" suppressHydrationWarning>
          {job.categorySlug ? `${t(`categories:${job.categorySlug}`)} · ` : ''}
          {job.zipCode} · {t('bids:admin_dispute_job_posted', { date: formatDate(job.createdAt, language) })}
        </p>
        <p className="text-[13px] break-all text-muted-foreground">
          {provider.name} · {provider.email}
        </p>
        <p className="text-[13px] text-muted-foreground" suppressHydrationWarning>
          {t('bids:admin_dispute_bid', {
            tier: t(`bids:tier_${bid.tier}`),
            amount: formatMoney(bid.amount, language),
            count: bid.creditsCost,
          })}
          <span aria-hidden> · </span>
          {bid.viewedAt ? t('bids:admin_dispute_viewed') : t('bids:admin_dispute_not_viewed')}
        </p>
      </div>
      <div className="grid gap-1 rounded-lg bg-muted/60 p-3 text-sm">
        <span className="font-medium">{t(`bids:dispute_reason_${dispute.reason}`)}</span>
        {dispute.details && <p className="break-words whitespace-pre-line">{dispute.details}</p>}
      </div>
      <Form method="post" className="grid gap-3">
        <input type="hidden" name="intent" value={DECIDE_DISPUTE_INTENT} />
        <input type="hidden" name="disputeId" value={dispute.id} />
        <Field label={t('bids:admin_dispute_note_label')} error={mine ? failure.fieldError('note') : undefined}>
          <Textarea
            name="note"
            rows={2}
            maxLength={DISPUTE_NOTE_MAX_LENGTH}
            defaultValue={mine ? failure.values.note : ''}
          />
        </Field>
        {mine && failure.formError && <Alert variant="destructive">{failure.formError}</Alert>}
        <div className="grid grid-cols-2 gap-2 sm:flex sm:justify-end">
          <Button
            type="submit"
            name="decision"
            value="refuse"
            variant="outline"
            disabled={pending}
            data-testid="refuse-dispute"
          >
            <X aria-hidden />
            {t('bids:admin_dispute_refuse')}
          </Button>
          <Button type="submit" name="decision" value="approve" disabled={pending} data-testid="approve-dispute">
            {pending ? <Spinner className="text-current" /> : <Check aria-hidden />}
            {t('bids:admin_dispute_approve')}
          </Button>
        </div>
      </Form>
    </li>
  );
}
