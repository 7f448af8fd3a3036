import { BadgeCheck, EyeOff, Gift, KeyRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, redirect, useNavigate, useSearchParams, type ActionFunctionArgs } from 'react-router';
import type { LoginInput, RegisterInput } from '#shared/auth.js';
import { safeReturnTo } from '#shared/return-to.js';
import { usePublicConfig } from '#client/lib/config.js';
import { loginUrl } from '#client/lib/query-client.js';
import { FORM_NAMESPACES } from '#client/lib/i18n.js';
import { Alert } from '#client/ui/alert.js';
import { buttonVariants } from '#client/ui/button.js';
import { PageSpinner } from '#client/ui/spinner.js';
import { TABS_LIST, TABS_TRIGGER } from '#client/ui/tabs.js';
import { cn } from '#client/lib/cn.js';
import { formFailure, formValues } from '#client/lib/forms.js';
import { routeQueryClient } from '#client/lib/route-context.js';
import { logIn } from './api/log-in.js';
import { register } from './api/register.js';
import { DemoAccounts } from './demo-accounts.js';
import { RegisterForm } from './register-form.js';
import { SignInForm, type SignInPrefill } from './sign-in-form.js';
import { useReturnTo } from './use-return-to.js';
import { userQueryOptions, useUser } from './use-user.js';

type Tab = 'sign-in' | 'register';

/**
 * The login page's forms (docs/decisions/030): sign in, or create an account (`intent=register`), through the
 * API, then on to `?returnTo=`. Runs in the browser for a form sent by scripts and on the server for one the
 * browser posted itself; a refusal comes back as the form's data, with the email to fill in again.
 */
export async function loginAction({ request, context }: ActionFunctionArgs) {
  const values = formValues(await request.formData());
  const { intent, password: _password, ...kept } = values;
  try {
    const user = intent === 'register' ? await register(registerInput(values)) : await logIn(values as LoginInput);
    routeQueryClient(context).setQueryData(userQueryOptions.queryKey, user);
    return redirect(safeReturnTo(new URL(request.url).searchParams.get('returnTo')));
  } catch (error) {
    return formFailure(error, kept);
  }
}

const registerInput = ({ firstName, lastName, email, password, language }: Record<string, string>) =>
  ({ firstName, lastName, email, password, language }) as RegisterInput;

/** The built-in login (docs/contract.md §3: /api/login lands here when no OIDC provider is set). */
export function LoginPage() {
  // The forms' catalogs arrive with the page's, in one wait (lib/i18n.ts FORM_NAMESPACES).
  const { t } = useTranslation(['auth', ...FORM_NAMESPACES]);
  const { user, isLoading } = useUser();
  const { data: config } = usePublicConfig();
  const [prefill, setPrefill] = useState<SignInPrefill>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // The tab is in the URL: its links work before scripts, and a refused registration comes back to it.
  const tab: Tab = params.get('mode') === 'register' ? 'register' : 'sign-in';
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
          <div role="tablist" className={cn(TABS_LIST, 'mt-6 w-full')}>
            <TabLink tab="sign-in" current={tab} params={params}>
              {t('auth:sign_in')}
            </TabLink>
            <TabLink tab="register" current={tab} params={params}>
              {t('auth:create_account')}
            </TabLink>
          </div>
          <div role="tabpanel" className="mt-6">
            {tab === 'sign-in' ? <SignInForm key="sign-in" prefill={prefill} /> : <RegisterForm key="register" />}
          </div>
        </div>
        {config?.demoMode && config.demoAccounts.length > 0 && (
          <DemoAccounts
            accounts={config.demoAccounts}
            promoCode={config.demoPromoCode}
            onUse={(account) => {
              if (tab !== 'sign-in') void navigate(loginTabUrl('sign-in', params), { replace: true });
              setPrefill({ email: account.email, password: account.password, nonce: Date.now() });
            }}
          />
        )}
      </div>
    </div>
  );
}

const OIDC_ERRORS = ['oidc_failed', 'oidc_email_unverified'] as const;

/** The login page on `tab`, keeping its other parameters (returnTo). */
function loginTabUrl(tab: Tab, params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  next.delete('error');
  if (tab === 'register') next.set('mode', 'register');
  else next.delete('mode');
  const query = next.toString();
  return query ? `/login?${query}` : '/login';
}

/** A tab that is a link (it works before scripts): the form under it follows the URL. */
function TabLink({
  tab,
  current,
  params,
  children,
}: {
  tab: Tab;
  current: Tab;
  params: URLSearchParams;
  children: ReactNode;
}) {
  const selected = tab === current;
  return (
    <Link
      role="tab"
      aria-selected={selected}
      data-state={selected ? 'active' : 'inactive'}
      to={loginTabUrl(tab, params)}
      replace
      preventScrollReset
      className={TABS_TRIGGER}
    >
      {children}
    </Link>
  );
}

/** 'Continue with …' (docs/contract.md §3.6): a full-page navigation to /api/login, which hands over to the provider. */
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
