import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { WEEKLY_LIMIT_MAX, WEEKLY_LIMIT_WINDOW_HOURS } from '#shared/bids.js';
import type { User } from '#shared/auth.js';
import { useFormFailure, useRouteForm } from '#client/lib/forms.js';
import { Alert } from '#client/ui/alert.js';
import { Button } from '#client/ui/button.js';
import { Input } from '#client/ui/input.js';
import { Spinner } from '#client/ui/spinner.js';
import { WEEKLY_LIMIT_INTENT } from './api/weekly-limit.js';

const FIELDS = ['weeklyCreditLimit'] as const;

/**
 * A provider's weekly credit cap on /settings (docs/contract.md §3.9): 'No cap' or at most N credits on bids in any
 * 7 days. A native form posted to the page's action (docs/decisions/030), so it works before scripts; a refusal is
 * drawn under the field with what was sent.
 */
export function WeeklyLimitForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const { key } = useLocation();
  const failure = useFormFailure(FIELDS, 'common:error_generic', { validation_error: 'weeklyCreditLimit' });
  const refused = failure.values.intent === WEEKLY_LIMIT_INTENT ? failure : null;
  const { formProps, pending } = useRouteForm(
    (valid) => async (event) => {
      event?.preventDefault();
      valid({}, event);
    },
    WEEKLY_LIMIT_INTENT,
  );
  const capRadio = useRef<HTMLInputElement>(null);
  const capped = refused ? refused.values.mode !== 'none' : user.weeklyCreditLimit !== null;
  const typed =
    refused?.values.weeklyCreditLimit ?? (user.weeklyCreditLimit !== null ? String(user.weeklyCreditLimit) : '');
  const error = refused && (refused.fieldError('weeklyCreditLimit') ?? refused.formError);

  return (
    <section className="mt-6 rounded-2xl border border-border bg-card p-6" aria-labelledby="weekly-limit-settings">
      <h2 id="weekly-limit-settings" className="text-lg font-semibold">
        {t('common:weekly_limit_title')}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {t('common:weekly_limit_hint', { days: WEEKLY_LIMIT_WINDOW_HOURS / 24 })}
      </p>
      <p className="mt-2 text-sm font-medium" data-testid="weekly-limit-current">
        {user.weeklyCreditLimit === null
          ? t('common:weekly_limit_current_none')
          : t('common:weekly_limit_current', { count: user.weeklyCreditLimit })}
      </p>
      <form key={key} {...formProps} noValidate className="mt-4 grid gap-3" data-testid="weekly-limit-form">
        <input type="hidden" name="intent" value={WEEKLY_LIMIT_INTENT} />
        <fieldset className="grid gap-3">
          <legend className="sr-only">{t('common:weekly_limit_title')}</legend>
          <label className="flex items-center gap-3 text-sm">
            <input
              type="radio"
              name="mode"
              value="none"
              defaultChecked={!capped}
              className="size-4 accent-primary"
              data-testid="weekly-limit-none"
            />
            {t('common:weekly_limit_none')}
          </label>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
            <label className="flex items-center gap-3" htmlFor="weekly-limit-cap">
              <input
                id="weekly-limit-cap"
                ref={capRadio}
                type="radio"
                name="mode"
                value="cap"
                defaultChecked={capped}
                className="size-4 accent-primary"
                data-testid="weekly-limit-cap"
              />
              {t('common:weekly_limit_cap_before')}
            </label>
            <Input
              name="weeklyCreditLimit"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={typed}
              maxLength={String(WEEKLY_LIMIT_MAX).length + 2}
              aria-label={t('common:weekly_limit_amount_label')}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'weekly-limit-error' : undefined}
              className="w-28"
              data-testid="weekly-limit-amount"
              // Typing a number chooses the cap (with scripts; before them the radio is one tap more).
              onInput={() => {
                if (capRadio.current) capRadio.current.checked = true;
              }}
            />
            <span>{t('common:weekly_limit_cap_after')}</span>
          </div>
        </fieldset>
        {error && (
          <Alert variant="destructive" id="weekly-limit-error">
            {error}
          </Alert>
        )}
        <div>
          <Button type="submit" disabled={pending} data-testid="weekly-limit-save">
            {pending && <Spinner className="text-current" />}
            {t('common:weekly_limit_save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
