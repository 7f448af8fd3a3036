import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useUser } from '#client/auth/use-user.js';
import { api } from '#client/lib/api.js';
import { useLanguage } from '#client/lib/i18n.js';
import { cn } from '#client/lib/cn.js';

/** Shows the language it switches to: 'ES' while English is active, 'EN' while Spanish is (spec §2). */
export function LanguageToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  const { user } = useUser();
  const target = language === 'en' ? 'ES' : 'EN';
  const toggle = () => {
    const next = language === 'en' ? 'es' : 'en';
    setLanguage(next);
    // A signed-in user's emails follow the language they read the app in (DESIGN.md §3.7).
    if (user) void api('/api/auth/user', { method: 'PATCH', body: { language: next } }).catch(() => undefined);
  };
  return (
    <button
      type="button"
      onClick={toggle}
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
  );
}
