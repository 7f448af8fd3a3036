import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { languageName, SPANISH } from '#shared/languages-spoken.js';
import { useLanguage } from '#client/lib/i18n.js';
import { Badge } from '#client/ui/badge.js';

/** The languages most spoken in US homes after English, offered as boxes in the profile form (any ISO code is valid). */
const COMMON_LANGUAGES = ['en', 'es', 'zh', 'tl', 'vi', 'ar', 'fr', 'ko', 'ru', 'pt', 'ht', 'pl', 'de', 'hi'];

/** A language's badge text: 'Se habla español' for Spanish, else its name in the reader's language. */
function useLanguageLabel() {
  const { t } = useTranslation('profiles');
  const { language } = useLanguage();
  return (code: string) => (code === SPANISH ? t('profiles:speaks_spanish') : languageName(code, language));
}

/** Languages spoken, as badges on search results and the showcase (docs/contract.md §3.9); Spanish first. */
export function LanguageBadges({ languages }: { languages: string[] }) {
  const { t } = useTranslation('profiles');
  const label = useLanguageLabel();
  const ordered = [...languages].sort((a, b) => Number(b === SPANISH) - Number(a === SPANISH));
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={t('profiles:languages_label')} data-testid="language-badges">
      {ordered.map((code) => (
        <li key={code}>
          {/* The name comes from the runtime's ICU (Intl.DisplayNames): server and browser may word it apart. */}
          <Badge variant={code === SPANISH ? 'info' : 'neutral'} suppressHydrationWarning>
            {code === SPANISH && <Languages aria-hidden />}
            {label(code)}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

/** The profile form's languages: a box per common language, plus any other code the profile already lists. */
export function LanguagesField({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (languages: string[]) => void;
  error?: string;
}) {
  const { t } = useTranslation('profiles');
  const { language } = useLanguage();
  const codes = [...COMMON_LANGUAGES, ...value.filter((code) => !COMMON_LANGUAGES.includes(code))];
  const toggle = (code: string, on: boolean) =>
    onChange(on ? [...value, code] : value.filter((current) => current !== code));
  return (
    <fieldset className="grid gap-2" data-testid="languages-field">
      <legend className="mb-1 text-sm font-medium">{t('profiles:field_languages')}</legend>
      <p className="text-[13px] text-muted-foreground">{t('profiles:field_languages_hint')}</p>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4">
        {codes.map((code) => (
          <label key={code} className="flex items-center gap-2 text-sm" suppressHydrationWarning>
            <input
              type="checkbox"
              name="languages"
              value={code}
              checked={value.includes(code)}
              onChange={(event) => toggle(code, event.target.checked)}
              className="size-4 accent-primary"
            />
            {languageName(code, language)}
          </label>
        ))}
      </div>
      {error && <p className="text-sm text-destructive">{error}</p>}
    </fieldset>
  );
}
