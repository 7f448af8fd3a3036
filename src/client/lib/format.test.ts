import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatBudgetRange, formatDate, formatMoney, formatRelativeTime } from './format.js';

const t = ((key: string, values?: Record<string, unknown>) =>
  `${key}${values ? JSON.stringify(values) : ''}`) as unknown as TFunction;

describe('formatMoney', () => {
  it('formats whole dollars without cents and keeps cents exactly', () => {
    expect(formatMoney('150.00', 'en')).toBe('$150');
    expect(formatMoney('1250.5', 'en')).toBe('$1,250.50');
    expect(formatMoney('0.10', 'en')).toBe('$0.10');
    expect(formatMoney('99999999.99', 'en')).toBe('$99,999,999.99');
  });

  it('keeps the dollar sign in front for Spanish', () => {
    expect(formatMoney('1250.00', 'es')).toMatch(/^\$\s?1,250$/);
  });

  it('gives an empty string for a missing amount', () => {
    expect(formatMoney(null, 'en')).toBe('');
  });
});

describe('formatBudgetRange', () => {
  it('shows a range, an open end or the not-specified text', () => {
    expect(formatBudgetRange('150.00', '300.00', 'en', t)).toBe('$150 – $300');
    expect(formatBudgetRange('150.00', null, 'en', t)).toBe('common:budget_from{"amount":"$150"}');
    expect(formatBudgetRange(null, '300.00', 'en', t)).toBe('common:budget_up_to{"amount":"$300"}');
    expect(formatBudgetRange(null, null, 'en', t)).toBe('common:budget_not_specified');
  });
});

describe('dates', () => {
  it('formats a calendar date in the language', () => {
    expect(formatDate('2026-03-05T12:00:00Z', 'en')).toBe('Mar 5, 2026');
    expect(formatDate('2026-03-05T12:00:00Z', 'es')).toMatch(/5 mar/);
  });

  it('says how long ago in words', () => {
    const now = Date.parse('2026-03-05T12:00:00Z');
    expect(formatRelativeTime('2026-03-05T09:00:00Z', 'en', now)).toBe('3 hours ago');
    expect(formatRelativeTime('2026-03-04T12:00:00Z', 'en', now)).toBe('yesterday');
    expect(formatRelativeTime('2026-03-05T09:00:00Z', 'es', now)).toBe('hace 3 horas');
  });
});
