import { BadgeCheck, FileText, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '#client/lib/errors.js';
import { formatDate } from '#client/lib/format.js';
import { useLanguage } from '#client/lib/i18n.js';
import { Button } from '#client/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/ui/card.js';
import { EmptyState } from '#client/ui/empty-state.js';
import { Spinner } from '#client/ui/spinner.js';
import { toast } from '#client/ui/toast.js';
import { useVerificationQueue } from '../api/get-verification-queue.js';
import { useVerify, type VerifyTarget } from '../api/verify.js';

/** Operators verify business profiles and credentials; only then does the Verified badge show. */
export function VerificationPanel() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { data, isPending, isError, error } = useVerificationQueue();
  const verify = useVerify();
  const act = (target: VerifyTarget) =>
    verify.mutate(target, {
      onSuccess: () => toast({ title: t('profiles:admin_verified_toast'), variant: 'success' }),
      onError: (failure) =>
        toast({ title: t('profiles:error_title'), description: errorMessage(failure, t), variant: 'destructive' }),
    });

  if (isPending) return <Spinner label={t('profiles:admin_loading')} />;
  if (isError) return <p className="text-sm text-destructive">{errorMessage(error, t)}</p>;

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t('profiles:admin_profiles_title')}</CardTitle>
          <CardDescription>{t('profiles:admin_profiles_hint')}</CardDescription>
        </CardHeader>
        <CardContent>
          {data.profiles.length === 0 ? (
            <EmptyState icon={ShieldCheck} title={t('profiles:admin_nothing_to_verify')} />
          ) : (
            <ul className="grid gap-3" data-testid="unverified-profiles">
              {data.profiles.map((profile) => (
                <li
                  key={profile.id}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border p-4"
                >
                  <div className="grid min-w-0 gap-0.5">
                    <Link
                      to={`/provider/${profile.userId}`}
                      className="font-semibold break-words text-primary hover:underline"
                    >
                      {profile.businessName}
                    </Link>
                    <span className="text-[13px] break-all text-muted-foreground" suppressHydrationWarning>
                      {profile.ownerName} · {profile.email} · {formatDate(profile.createdAt, language)}
                    </span>
                  </div>
                  <Button
                    size="sm"
                    disabled={verify.isPending}
                    onClick={() => act({ kind: 'business-profiles', id: profile.id })}
                  >
                    <BadgeCheck aria-hidden />
                    {t('profiles:admin_verify')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t('profiles:admin_credentials_title')}</CardTitle>
          <CardDescription>{t('profiles:admin_credentials_hint')}</CardDescription>
        </CardHeader>
        <CardContent>
          {data.credentials.length === 0 ? (
            <EmptyState icon={ShieldCheck} title={t('profiles:admin_nothing_to_verify')} />
          ) : (
            <ul className="grid gap-3" data-testid="unverified-credentials">
              {data.credentials.map((credential) => (
                <li
                  key={credential.id}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border p-4"
                >
                  <div className="grid min-w-0 gap-0.5">
                    <span className="font-semibold break-words">{credential.name}</span>
                    <span className="text-[13px] break-words text-muted-foreground">
                      {credential.businessName} ·{' '}
                      {t(`profiles:credential_type_${credential.type}`, { defaultValue: credential.type })} ·{' '}
                      {credential.issuingAuthority}
                      {credential.credentialNumber && ` · #${credential.credentialNumber}`}
                    </span>
                    {credential.documentUrl && (
                      <a
                        href={credential.documentUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-flex items-center gap-1 text-[13px] text-primary hover:underline"
                      >
                        <FileText className="size-3.5" aria-hidden />
                        {t('profiles:admin_open_document')}
                      </a>
                    )}
                  </div>
                  <Button
                    size="sm"
                    disabled={verify.isPending}
                    onClick={() => act({ kind: 'credentials', id: credential.id })}
                  >
                    <BadgeCheck aria-hidden />
                    {t('profiles:admin_verify')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
