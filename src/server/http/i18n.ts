import i18next from 'i18next';
import { resources } from '#shared/i18n/index.js';

// The server speaks English in `message`; the client translates `code` (DESIGN.md §3).
const english = i18next.createInstance();
void english.init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: resources.en },
  ns: Object.keys(resources.en),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});

export function translate(key: string, values?: Record<string, unknown>): string {
  return english.t(key, values ?? {});
}

/** Zod messages are catalog keys (namespace:key); anything else passes through as it is. */
export function translateMessage(message: string): string {
  if (/^[a-z_]+:[a-z0-9_.]+$/.test(message) && english.exists(message)) return english.t(message);
  return message;
}
