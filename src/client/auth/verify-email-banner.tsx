import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { User } from '#shared/auth.js';
import { errorMessage } from '#client/lib/errors.js';
import { Button } from '#client/ui/button.js';
import { Spinner } from '#client/ui/spinner.js';
import { useResendVerification } from './api/resend-verification.js';

/** 'Send it again': a new confirmation link, then what happened (sent, or why not) beside the button. */
export function ResendVerificationButton({ variant = 'outline' }: { variant?: 'outline' | 'default' }) {
  const { t } = useTranslation();
  const resend = useResendVerification();
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Button
        type="button"
        size="sm"
        variant={variant}
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
        data-testid="resend-verification"
      >
        {resend.isPending && <Spinner className="text-current" />}
        {t('common:verify_banner_resend')}
      </Button>
      <span role="status" className="text-xs">
        {resend.isSuccess && t('common:verify_banner_sent')}
        {resend.isError && errorMessage(resend.error, t)}
      </span>
    </span>
  );
}

/**
 * Signed-in screens until the email is confirmed (docs/decisions/031-email-verification.md): a gentle line,
 * not a wall. Gone on the next read of the user after the link was opened, in this tab or another.
 */
export function VerifyEmailBanner({ user }: { user: User }) {
  const { t } = useTranslation();
  if (user.emailVerified) return null;
  return (
    <div className="border-b border-info/20 bg-info-soft text-info-strong" data-testid="verify-email-banner">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5 text-sm sm:px-6 lg:px-8">
        <MailCheck aria-hidden className="size-4 shrink-0" />
        <p className="min-w-0 flex-1 break-words">{t('common:verify_banner_text', { email: user.email })}</p>
        <ResendVerificationButton />
      </div>
    </div>
  );
}
