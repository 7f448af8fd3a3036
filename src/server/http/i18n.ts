import i18next from 'i18next';
import { resources } from '#shared/i18n/index.js';

// The server speaks English in `message`; the client translates `code` (docs/contract.md §3).
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

// The catalogs never change at run time, so a text is worked out once (bids render theirs on every request).
const translated = new Map<string, string>();
const TRANSLATED_MAX = 5_000;

export function translate(key: string, values?: Record<string, unknown>): string {
  const id = values ? `${key}\u0000${JSON.stringify(values)}` : key;
  let text = translated.get(id);
  if (text === undefined) {
    text = english.t(key, values ?? {});
    if (translated.size >= TRANSLATED_MAX) translated.clear();
    translated.set(id, text);
  }
  return text;
}

/** Zod messages are catalog keys (namespace:key); anything else passes through as it is. */
export function translateMessage(message: string): string {
  if (/^[a-z_]+:[a-z0-9_.]+$/.test(message) && english.exists(message)) return english.t(message);
  return message;
}
