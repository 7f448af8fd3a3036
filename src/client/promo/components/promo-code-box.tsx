import { Ticket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useFormFailure, useRouteForm, valuesOf } from '#client/lib/forms.js';
import { Alert } from '#client/ui/alert.js';
import { Button } from '#client/ui/button.js';
import { Card, CardContent } from '#client/ui/card.js';
import { Input } from '#client/ui/input.js';
import { Label } from '#client/ui/label.js';
import { Spinner } from '#client/ui/spinner.js';
import { REDEEM_PROMO_INTENT } from '../api/redeem-promo-code.js';

const FIELDS = ['code'] as const;

/**
 * The /buy-credits promo box (spec §2, §5, §8): trimmed, ignored when empty. It posts to the page's action, by
 * scripts or by the browser itself (docs/decisions/030); a refusal ('Invalid Promo Code' and the server's
 * reason) is drawn in the box, with the code sent.
 */
export function PromoCodeBox() {
  const { t } = useTranslation();
  // A new page after every answer (location.key): the field starts empty after a success, with the code sent
  // after a refusal.
  const { key } = useLocation();
  const failure = useFormFailure(FIELDS, 'promo:invalid_fallback');
  const refused = failure.values.intent === REDEEM_PROMO_INTENT ? failure : null;
  const { formProps, pending } = useRouteForm(
    (valid) => async (event) => {
      event?.preventDefault();
      const form = event?.target;
      if (form instanceof HTMLFormElement && valuesOf(form).code?.trim()) valid({}, event);
    },
    REDEEM_PROMO_INTENT,
  );
  // A refusal names its cause; anything else is the call failing (spec §8).
  const broken = refused?.status !== null && refused?.status !== undefined && refused.status >= 500;
  const reason = refused && (broken ? t('promo:failed') : (refused.formError ?? refused.fieldError('code')));

  return (
    <Card data-testid="promo-code-box">
      <CardContent className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
        <div className="grid gap-1">
          <h2 className="flex items-center gap-2 text-base font-semibold">
            <Ticket className="size-4 text-primary" aria-hidden />
            {t('promo:box_title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('promo:box_description')}</p>
        </div>
        <form key={key} {...formProps} className="flex gap-2 sm:w-96">
          <input type="hidden" name="intent" value={REDEEM_PROMO_INTENT} />
          <Label htmlFor="promo-code" className="sr-only">
            {t('promo:box_label')}
          </Label>
          <Input
            id="promo-code"
            name="code"
            defaultValue={refused?.values.code ?? ''}
            placeholder={t('promo:box_placeholder')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={100}
            aria-invalid={reason ? true : undefined}
            className="uppercase placeholder:normal-case"
          />
          <Button type="submit" disabled={pending}>
            {pending && <Spinner className="text-current" />}
            {t('promo:box_submit')}
          </Button>
        </form>
        {reason && (
          <Alert variant="destructive" className="sm:col-span-2">
            <p className="font-semibold">{broken ? t('credits:error_title') : t('promo:invalid_title')}</p>
            <p>{reason}</p>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
