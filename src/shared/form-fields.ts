import { z } from 'zod';
import { moneySchema } from './money.js';

// The zod pieces the form schemas share (jobs, business profiles, service requests): one definition each.

/** An empty form field ('') and null both mean "not given". */
export const blank = z.union([z.literal(''), z.null()]).transform(() => null);

/** Text that may be left out or blank (then null); trimmed, at most `max` characters. */
export const optionalText = (max: number, message: string) =>
  z
    .union([blank, z.string(message).trim().max(max, message)])
    .optional()
    .transform((v) => v || null);

/** An amount that may be left out or blank (then null), else money as moneySchema reads it. */
export const optionalMoney = (message: string) =>
  z
    .union([blank, moneySchema(message)], message)
    .optional()
    .transform((v) => v ?? null);
