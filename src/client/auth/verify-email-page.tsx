import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useActionData, useSearchParams, type ActionFunctionArgs } from 'react-router';
import { formFailure, formValues, type FormFailure } from '#client/lib/forms.js';
import { useHydrated } from '#client/lib/hydrated.js';
import { FORM_NAMESPACES } from '#client/lib/i18n.js';
import { Alert } from '#client/ui/alert.js';
import { Button } from '#client/ui/button.js';
import { Spinner } from '#client/ui/spinner.js';
import { useVerifyEmail, verifyEmail } from './api/verify-email.js';
import { useUser } from './use-user.js';
import { ResendVerificationButton } from './verify-email-banner.js';

/**
 * The confirmation a browser posts itself, before scripts run or without them (docs/decisions/030): the same call,
 * its answer drawn in the page. The token travels in the form's body, as in the call from scripts.
 */
export async function verifyEmailAction({ request }: ActionFunctionArgs) {
  const { token = '' } = formValues(await request.formData());
  try {
    await verifyEmail(token);
    return { verified: true as const };
  } catch (error) {
    return formFailure(error);
  }
}

/**
 * /verify-email?token=…: the link from the 'Confirm your email' email. With scripts it posts the token once (in the
 * body) and shows the answer; until they run, or without them, a button posts it natively (verifyEmailAction). Works
 * signed in or not, since the link may be opened in another browser.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation(['auth', ...FORM_NAMESPACES]);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user } = useUser();
  const verify = useVerifyEmail();
  const { mutate } = verify;
  const hydrated = useHydrated();
  const answered = useActionData<{ verified: true } | FormFailure>();
  const posted = useRef(false);
  useEffect(() => {
    if (!token || answered || posted.current) return;
    posted.current = true;
    mutate(token);
  }, [token, answered, mutate]);

  const done = verify.isSuccess || (answered !== undefined && 'verified' in answered);
  const failed = !token || verify.isError || (answered !== undefined && 'failure' in answered);
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:px-6 md:py-16">
      <div className="rounded-2xl border border-border bg-card p-6 shadow-lift sm:p-8">
        <h1 className="mb-6 text-2xl font-bold tracking-tight">{t('auth:verify_title')}</h1>
        {done ? (
          <div className="grid gap-5">
            <Alert variant="success" data-testid="verify-done">
              {t('auth:verify_done')}
            </Alert>
            <Button asChild size="lg" className="w-full">
              <Link to={user ? '/dashboard' : '/login'}>{t(user ? 'auth:verify_continue' : 'auth:sign_in')}</Link>
            </Button>
          </div>
        ) : failed ? (
          <div className="grid gap-5">
            <Alert variant="destructive" data-testid="verify-failed">
              {t('errors:invalid_token')}
            </Alert>
            {user && !user.emailVerified && <ResendVerificationButton variant="default" />}
            {user?.emailVerified && <p className="text-sm">{t('auth:verify_already')}</p>}
            {!user && (
              <p className="text-sm">
                <Link to="/login" className="font-medium text-primary hover:underline">
                  {t('auth:verify_sign_in_for_new')}
                </Link>
              </p>
            )}
          </div>
        ) : hydrated ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Spinner /> {t('auth:verify_pending')}
          </p>
        ) : (
          <form method="post" action="/verify-email">
            <input type="hidden" name="token" value={token} />
            <Button type="submit" size="lg" className="w-full">
              {t('auth:verify_confirm')}
            </Button>
          </form>
        )}
      </div>
    </div>
  );
}
