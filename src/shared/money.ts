import { z } from 'zod';
import { fromCents, toCents } from './cents.js';

// Plain cents arithmetic lives in a zod-free module, so pages that only format prices ship no zod.
export * from './cents.js';

const MONEY_PATTERN = /^\d{1,8}(\.\d{1,2})?$/;

/**
 * Money in (docs/contract.md §3): "125", "125.50" or 125.5; at most two decimals, never negative.
 * Out: the normalised two-decimal string.
 */
export function moneySchema(message: string) {
  return z
    .union([z.string(message), z.number(message)], message)
    .transform((v) => (typeof v === 'number' ? (Number.isFinite(v) ? String(v) : 'x') : v.trim()))
    .refine((v) => MONEY_PATTERN.test(v), message)
    .transform((v) => fromCents(toCents(v)));
}
