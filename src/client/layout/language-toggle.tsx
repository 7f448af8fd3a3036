import { Languages } from 'lucide-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { redirect, useLocation, type ActionFunctionArgs } from 'react-router';
import { LANGUAGES, type Language } from '#shared/i18n/languages.js';
import { safeReturnTo } from '#shared/return-to.js';
import { useUser, userQueryOptions } from '#client/auth/index.js';
import { api } from '#client/lib/api.js';
import { languageCookie, useLanguage } from '#client/lib/i18n.js';
import { cn } from '#client/lib/cn.js';
import { routeQueryClient } from '#client/lib/route-context.js';

/** Where the language toggle posts when the browser sends it itself (app.tsx: the `language` route). */
export const LANGUAGE_PATH = '/language';

/**
 * The language toggle's form, sent by the browser before scripts run (or without them): the `lang` cookie the
 * server picks pages by, a signed-in user's language for their emails (docs/contract.md §3.7), then back to the page.
 */
export async function languageAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const language = form.get('language');
  const returnTo = safeReturnTo(form.get('returnTo'));
  // The same languages as PATCH /api/auth/user's schema (#shared/auth.js), without zod on the landing page.
  if (!(LANGUAGES as readonly unknown[]).includes(language)) return redirect(returnTo);
  if (routeQueryClient(context).getQueryData(userQueryOptions.queryKey)) {
    await api('/api/auth/user', { method: 'PATCH', body: { language } }).catch(() => undefined);
  }
  return redirect(returnTo, { headers: { 'set-cookie': languageCookie(language as Language) } });
}

/** Shows the language it switches to: 'ES' while English is active, 'EN' while Spanish is (spec §2). */
export function LanguageToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  const { user } = useUser();
  const location = useLocation();
  const next = language === 'en' ? 'es' : 'en';
  const target = next.toUpperCase();
  // With scripts, the switch happens in place, as it always did; before them, the form goes to the server.
  const toggle = (event: FormEvent) => {
    event.preventDefault();
    setLanguage(next);
    // A signed-in user's emails follow the language they read the app in (docs/contract.md §3.7).
    if (user) void api('/api/auth/user', { method: 'PATCH', body: { language: next } }).catch(() => undefined);
  };
  return (
    <form method="post" action={LANGUAGE_PATH} onSubmit={toggle} className="contents">
      <input type="hidden" name="language" value={next} />
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      <button
        type="submit"
        aria-label={t('common:language_toggle_label', { code: target })}
        data-testid="language-toggle"
        className={cn(
          'inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-lg border border-border bg-card px-2.5 text-[13px] font-semibold text-foreground shadow-xs transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
          className,
        )}
      >
        <Languages className="size-4 text-muted-foreground" aria-hidden />
        <span>{target}</span>
      </button>
    </form>
  );
}
