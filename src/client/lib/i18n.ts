import i18next from 'i18next';
import { useCallback } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  NAMESPACES,
  resources,
  type Language,
} from '#shared/i18n/index.js';

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function reflectLanguage(language: string) {
  document.documentElement.lang = language;
  document.title = i18next.t('common:app_title');
  document.querySelector('meta[name="description"]')?.setAttribute('content', i18next.t('common:app_description'));
}

void i18next.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: NAMESPACES,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
});
i18next.on('languageChanged', reflectLanguage);
reflectLanguage(i18next.language);

export { i18next as i18n };

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

/** The active language, kept in localStorage (spec §1) and mirrored on <html lang>. */
export function useLanguage() {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;

  const setLanguage = useCallback(
    (next: Language) => {
      try {
        window.localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
      } catch {
        // Private browsing may refuse storage; the switch still applies for this visit.
      }
      void i18n.changeLanguage(next);
    },
    [i18n],
  );

  const toggle = useCallback(() => setLanguage(language === 'en' ? 'es' : 'en'), [language, setLanguage]);

  return { language, setLanguage, toggle };
}
