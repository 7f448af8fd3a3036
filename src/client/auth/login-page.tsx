import { BadgeCheck, EyeOff, Gift, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { usePublicConfig } from '#client/lib/config.js';
import { loginUrl } from '#client/lib/query-client.js';
import { FORM_NAMESPACES } from '#client/lib/i18n.js';
import { Alert } from '#client/ui/alert.js';
import { buttonVariants } from '#client/ui/button.js';
import { PageSpinner } from '#client/ui/spinner.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/ui/tabs.js';
import { DemoAccounts } from './demo-accounts.js';
import { RegisterForm } from './register-form.js';
import { SignInForm, type SignInPrefill } from './sign-in-form.js';
import { useReturnTo } from './use-return-to.js';
import { useUser } from './use-user.js';

type Tab = 'sign-in' | 'register';

/** The built-in login (DESIGN.md §3: /api/login lands here when no OIDC provider is set). */
export function LoginPage() {
  // The forms' catalogs arrive with the page's, in one wait (lib/i18n.ts FORM_NAMESPACES).
  const { t } = useTranslation(['auth', ...FORM_NAMESPACES]);
  const { user, isLoading } = useUser();
  const { data: config } = usePublicConfig();
  const [tab, setTab] = useState<Tab>('sign-in');
  const [prefill, setPrefill] = useState<SignInPrefill>();
  const [params] = useSearchParams();
  const returnTo = useReturnTo();
  const oidcError = OIDC_ERRORS.find((code) => code === params.get('error'));

  if (isLoading) return <PageSpinner />;
  if (user) return <Navigate to={returnTo} replace />;

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-10 sm:px-6 md:py-16 lg:grid-cols-[1fr_minmax(0,28rem)] lg:gap-16 lg:px-8">
      <LoginIntro freeCredits={config?.freeCreditsOnUpgrade} />
      <div className="grid content-start gap-6">
        <div className="rounded-2xl border border-border bg-card p-6 shadow-lift sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight">
            {tab === 'sign-in' ? t('auth:sign_in_title') : t('auth:register_title')}
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">
            {tab === 'sign-in' ? t('auth:sign_in_subtitle') : t('auth:register_subtitle')}
          </p>
          {oidcError && (
            <Alert variant="destructive" className="mt-4" data-testid="oidc-error">
              {t(`auth:${oidcError}`)}
            </Alert>
          )}
          {config?.oidcEnabled && config.oidcProviderName && (
            <ProviderSignIn name={config.oidcProviderName} returnTo={returnTo} />
          )}
          <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} className="mt-6">
            <TabsList className="w-full">
              <TabsTrigger value="sign-in">{t('auth:sign_in')}</TabsTrigger>
              <TabsTrigger value="register">{t('auth:create_account')}</TabsTrigger>
            </TabsList>
            <TabsContent value="sign-in">
              <SignInForm prefill={prefill} />
            </TabsContent>
            <TabsContent value="register">
              <RegisterForm />
            </TabsContent>
          </Tabs>
        </div>
        {config?.demoMode && config.demoAccounts.length > 0 && (
          <DemoAccounts
            accounts={config.demoAccounts}
            promoCode={config.demoPromoCode}
            onUse={(account) => {
              setTab('sign-in');
              setPrefill({ email: account.email, password: account.password, nonce: Date.now() });
            }}
          />
        )}
      </div>
    </div>
  );
}

const OIDC_ERRORS = ['oidc_failed', 'oidc_email_unverified'] as const;

/** 'Continue with …' (DESIGN.md §3.6): a full-page navigation to /api/login, which hands over to the provider. */
function ProviderSignIn({ name, returnTo }: { name: string; returnTo: string }) {
  const { t } = useTranslation('auth');
  const href = loginUrl(returnTo);
  return (
    <div className="mt-6 grid gap-4">
      <a href={href} className={buttonVariants({ variant: 'outline', size: 'lg' })} data-testid="oidc-sign-in">
        <KeyRound aria-hidden />
        {t('auth:continue_with', { name })}
      </a>
      <p className="flex items-center gap-3 text-xs text-muted-foreground before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border">
        {t('auth:or_with_email')}
      </p>
    </div>
  );
}

function LoginIntro({ freeCredits }: { freeCredits?: number }) {
  const { t } = useTranslation('auth');
  const points = [
    { icon: BadgeCheck, title: t('auth:intro_point_1_title'), text: t('auth:intro_point_1_text') },
    { icon: EyeOff, title: t('auth:intro_point_2_title'), text: t('auth:intro_point_2_text') },
    {
      icon: Gift,
      title: t('auth:intro_point_3_title'),
      text:
        freeCredits === undefined
          ? t('auth:intro_point_3_text_generic')
          : t('auth:intro_point_3_text', { count: freeCredits }),
    },
  ];
  return (
    <div className="hidden content-start lg:grid lg:pt-6">
      <p className="text-[13px] font-semibold tracking-wider text-primary uppercase">{t('auth:intro_eyebrow')}</p>
      <p className="mt-3 text-4xl leading-tight font-extrabold tracking-tight">{t('auth:intro_title')}</p>
      <p className="mt-4 max-w-md text-lg text-muted-foreground">{t('auth:intro_text')}</p>
      <ul className="mt-10 grid gap-6">
        {points.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary">
              <Icon className="size-5" aria-hidden />
            </span>
            <div>
              <p className="font-semibold">{title}</p>
              <p className="mt-0.5 text-sm text-muted-foreground">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
