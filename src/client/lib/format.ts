import type { TFunction } from 'i18next';
import type { Language } from '#shared/i18n/index.js';
import { fromCents, toCents } from '#shared/cents.js';

// es-US keeps the dollar sign in front ("$150"), as Spanish-speaking US customers read prices.
const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-US' };

export function locale(lang: Language): string {
  return LOCALES[lang];
}

// Building an Intl formatter costs far more than using one (the landing page spent about 50 ms of CPU on
// them, issue 16): each language and option set builds its formatter once.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  key: string,
  build: () => T,
): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = build();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A plain number formatter ("1,250") in the reader's language. */
export function numberFormat(lang: Language): Intl.NumberFormat {
  return cached(`number:${lang}`, () => new Intl.NumberFormat(locale(lang)));
}

/** "$1,250" or "$1,250.50" from a decimal string, formatted from the string itself (no float drift). */
export function formatMoney(value: string | null, lang: Language): string {
  if (value === null || value.trim() === '') return '';
  const cents = toCents(value.trim());
  if (!Number.isFinite(cents)) return value;
  const whole = cents % 100 === 0;
  const format = cached(
    `money:${lang}:${whole}`,
    () =>
      new Intl.NumberFormat(locale(lang), {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: whole ? 0 : 2,
        maximumFractionDigits: 2,
      }),
  );
  return format.format(fromCents(cents) as Intl.StringNumericLiteral);
}

export function formatBudgetRange(min: string | null, max: string | null, lang: Language, t: TFunction): string {
  const low = formatMoney(min, lang);
  const high = formatMoney(max, lang);
  if (low && high) return low === high ? low : `${low} – ${high}`;
  if (low) return t('common:budget_from', { amount: low });
  if (high) return t('common:budget_up_to', { amount: high });
  return t('common:budget_not_specified');
}

export function formatDate(iso: string, lang: Language): string {
  const format = cached(
    `date:${lang}`,
    () => new Intl.DateTimeFormat(locale(lang), { year: 'numeric', month: 'short', day: 'numeric' }),
  );
  return format.format(new Date(iso));
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "3 hours ago" / "hace 3 horas"; the future works too ("in 2 days"). */
export function formatRelativeTime(iso: string, lang: Language, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const format = cached(`relative:${lang}`, () => new Intl.RelativeTimeFormat(locale(lang), { numeric: 'auto' }));
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, 'second');
}
