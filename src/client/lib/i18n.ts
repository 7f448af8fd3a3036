import i18next from 'i18next';
import { useCallback } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { Catalog } from '#shared/i18n/index.js';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from '#shared/i18n/languages.js';
import { CATALOGS_ID } from '#shared/prerender.js';

// The catalogs of src/shared/i18n (the files the server and the i18n test read), fetched as little as possible
// (issue 16, page weight; issue 31, the landing page's JavaScript). No catalog is in the app's JavaScript: each is
// a chunk of its own, in either language. A page rendered on the server brings the UP_FRONT_NAMESPACES of its
// language in a JSON data block (CATALOGS_ID, src/shared/prerender.ts), so it needs none of those chunks; the
// app's shell fetches them before its first render. Page namespaces are fetched by the pages that read them: they
// call useTranslation('<namespace>'), which suspends while the backend loads it. The mail room's catalog (email)
// is the server's only.
const catalogs: Record<Language, Record<string, () => Promise<Catalog>>> = {
  en: import.meta.glob<Catalog>(['../../shared/i18n/en/*.json', '!../../shared/i18n/en/email.json'], {
    import: 'default',
  }),
  es: import.meta.glob<Catalog>(['../../shared/i18n/es/*.json', '!../../shared/i18n/es/email.json'], {
    import: 'default',
  }),
};
const namespaceOf = (path: string) => path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
const byNamespace = <T>(files: Record<string, T>) =>
  Object.fromEntries(Object.entries(files).map(([path, value]) => [namespaceOf(path), value]));

/** Catalogs every screen may read (the frame, the landing page's sections), loaded before the first render. */
export const UP_FRONT_NAMESPACES: readonly string[] = ['categories', 'common', 'credits', 'landing'];

/**
 * Catalogs only signed-in screens read (every route using them is behind RequireAuth): the session query
 * (auth/use-user.ts) loads them before it reports a signed-in user, so no component has to ask for them.
 */
export const SIGNED_IN_NAMESPACES = [
  'bids',
  'errors',
  'jobs',
  'messages',
  'profiles',
  'projects',
  'promo',
  'requests',
  'validation',
];

/**
 * Catalogs a form's failures read (lib/errors.ts): signed-in screens have them (SIGNED_IN_NAMESPACES); a form
 * on a public screen (the login page) asks for them with useTranslation, so the landing page never loads them.
 */
export const FORM_NAMESPACES = ['errors', 'validation'];

/** i18next backend: a missing language or page namespace comes from its catalog chunk. */
const catalogBackend = {
  type: 'backend' as const,
  init() {},
  read(language: string, namespace: string, callback: (error: unknown, catalog: Catalog | null) => void) {
    const load = isLanguage(language) ? byNamespace(catalogs[language])[namespace] : undefined;
    if (!load) return callback(null, {});
    load().then(
      (catalog) => callback(null, catalog),
      (error: unknown) => callback(error, null),
    );
  },
};

/**
 * Every catalog of every language in i18next, for the server, which renders any page in either language
 * side by side: each render reads them through its own instance (prerender.tsx), so none waits for a catalog.
 */
export async function loadAllCatalogs(): Promise<void> {
  for (const language of LANGUAGES) {
    for (const [namespace, load] of Object.entries(byNamespace(catalogs[language]))) {
      i18next.addResourceBundle(language, namespace, await load(), true, true);
    }
  }
}

/** Make sure `language`'s catalogs are in i18next before switching to it. */
export async function loadLanguage(language: Language): Promise<void> {
  await i18next.loadLanguages(language);
}

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The `lang` cookie: the server picks the prerendered page of this language (docs/contract.md §1 'First paint'). */
export const LANGUAGE_COOKIE = 'lang';
const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

function cookieLanguage(): Language | null {
  const match = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(document.cookie);
  return match && isLanguage(match[1]) ? match[1] : null;
}

function rememberLanguage(language: Language) {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private browsing may refuse storage; the cookie still carries the choice.
  }
  document.cookie = languageCookie(language);
}

/** The `lang` cookie for `language`, as the toggle writes it here and the server's form answer sets it. */
export function languageCookie(language: Language): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

/**
 * The reader's language: the cookie, else localStorage (spec §1), else English; never read on the server. The
 * cookie comes first: the toggle writes both, but its form, sent before scripts ran, reaches only the cookie.
 */
function storedLanguage(): Language {
  if (typeof window === 'undefined') return DEFAULT_LANGUAGE;
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Private browsing may refuse storage.
  }
  const language = cookieLanguage() ?? (isLanguage(stored) ? stored : DEFAULT_LANGUAGE);
  // Both follow the choice, so the next page the server sends is already in this language.
  if (cookieLanguage() !== language || stored !== language) rememberLanguage(language);
  return language;
}

function reflectLanguage(language: string) {
  if (typeof document === 'undefined') return; // rendering at build time (prerender.tsx)
  // The same lang written again would still restyle the whole page (a page rendered on the server has it already).
  if (document.documentElement.lang !== language) document.documentElement.lang = language;
  document.title = i18next.t('common:app_title');
  document.querySelector('meta[name="description"]')?.setAttribute('content', i18next.t('common:app_description'));
}

/** The catalogs a page rendered on the server brought in its data block, in the page's language. */
function embeddedCatalogs(): { language: Language; catalogs: Record<string, Catalog> } | null {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(CATALOGS_ID)?.textContent;
  const block = text ? (JSON.parse(text) as { language: unknown; catalogs: Record<string, Catalog> }) : null;
  return block && isLanguage(block.language) ? { language: block.language, catalogs: block.catalogs } : null;
}

const initialLanguage = storedLanguage();
const embedded = embeddedCatalogs();
// Set before init: with its catalogs in the page, the language is active within init.
i18next.on('languageChanged', reflectLanguage);
void i18next
  .use(catalogBackend)
  .use(initReactI18next)
  .init({
    resources: embedded ? { [embedded.language]: embedded.catalogs } : {},
    partialBundledLanguages: true,
    lng: initialLanguage,
    // No fallback: the catalogs hold every key in both languages (src/shared/i18n/i18n.test.ts), and a fallback
    // would fetch the other language's catalogs for every page.
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    // A copy: i18next adds every namespace loaded later to this list.
    ns: [...UP_FRONT_NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    showSupportNotice: false,
  });

/** Settles once the reader's language is loaded and active: main.tsx renders after it. */
export const i18nReady: Promise<unknown> = switchLanguage(initialLanguage);

/** Loads `language` and switches to it. */
export async function switchLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  await i18next.changeLanguage(language);
}

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
      rememberLanguage(next);
      void loadLanguage(next).then(() => i18n.changeLanguage(next));
    },
    [i18n],
  );

  const toggle = useCallback(() => setLanguage(language === 'en' ? 'es' : 'en'), [language, setLanguage]);

  return { language, setLanguage, toggle };
}
