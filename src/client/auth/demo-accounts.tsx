import { KeyRound, Lock, Mail, Ticket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PublicConfig } from '#shared/auth.js';
import { Badge } from '#client/ui/badge.js';
import { Button } from '#client/ui/button.js';

type DemoAccount = PublicConfig['demoAccounts'][number];

/** Shown only in demo mode (GET /api/config): one click fills the sign-in form. */
export function DemoAccounts({
  accounts,
  onUse,
  promoCode,
}: {
  accounts: DemoAccount[];
  onUse: (account: DemoAccount) => void;
  promoCode?: string | null;
}) {
  const { t } = useTranslation(['auth', 'promo']);
  return (
    <section
      aria-labelledby="demo-accounts-title"
      className="rounded-2xl border border-dashed border-primary/40 bg-primary-soft/60 p-5"
    >
      <h2 id="demo-accounts-title" className="flex items-center gap-2 text-sm font-semibold text-primary-strong">
        <KeyRound className="size-4" aria-hidden />
        {t('auth:demo_title')}
      </h2>
      <p className="mt-1 text-[13px] text-muted-foreground">{t('auth:demo_description')}</p>
      <ul className="mt-4 grid gap-3">
        {accounts.map((account) => (
          <li key={account.email} className="rounded-xl border border-border bg-card p-3">
            <div className="flex items-center justify-between gap-3">
              <Badge variant={account.role === 'provider' ? 'warning' : 'info'}>{t(`auth:role_${account.role}`)}</Badge>
              <Button
                variant="outline"
                size="sm"
                onClick={() => onUse(account)}
                aria-label={t('auth:demo_use_label', { role: t(`auth:role_${account.role}`) })}
              >
                {t('auth:demo_use')}
              </Button>
            </div>
            <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-2 gap-y-1 text-[13px]">
              <dt className="text-muted-foreground">
                <Mail className="size-3.5" aria-hidden />
                <span className="sr-only">{t('auth:email')}</span>
              </dt>
              <dd className="truncate font-mono">{account.email}</dd>
              <dt className="text-muted-foreground">
                <Lock className="size-3.5" aria-hidden />
                <span className="sr-only">{t('auth:password')}</span>
              </dt>
              <dd className="font-mono">{account.password}</dd>
            </dl>
          </li>
        ))}
      </ul>
      {promoCode && (
        <p className="mt-3 flex items-start gap-2 text-[13px] text-muted-foreground" data-testid="demo-promo-code">
          <Ticket className="mt-0.5 size-3.5 shrink-0 text-primary" aria-hidden />
          <span>{t('promo:demo_hint', { code: promoCode })}</span>
        </p>
      )}
    </section>
  );
}
