import { z } from 'zod';
import type { PromoCodeAnswer, PromoRedeemedAnswer } from './answers/promo.js';

export const PROMO_CODE_MIN = 2;
export const PROMO_CODE_MAX = 20;

/** Redeem box: trimmed, any case (codes are stored upper-case and matched case-insensitively). */
export const RedeemPromoSchema = z.object({
  code: z.string('promo:code_min').trim().min(1, 'promo:code_min').max(100),
});

/** Spec §5 'Promo code (entity)'. Codes are letters, digits, '-' and '_'. */
export const CreatePromoSchema = z.object({
  code: z
    .string('promo:code_min')
    .trim()
    .min(PROMO_CODE_MIN, 'promo:code_min')
    .max(PROMO_CODE_MAX, 'promo:code_max')
    .regex(/^[A-Za-z0-9_-]+$/, 'promo:code_chars')
    .transform((v) => v.toUpperCase()),
  creditsAmount: z.coerce
    .number('promo:credits_min')
    .int('promo:credits_min')
    .min(1, 'promo:credits_min')
    .max(100_000, 'promo:credits_max'),
  maxUses: z.coerce
    .number('promo:max_uses_min')
    .int('promo:max_uses_min')
    .min(1, 'promo:max_uses_min')
    .max(1_000_000, 'promo:max_uses_min')
    .nullish()
    .transform((v) => v ?? null),
  expiresAt: z.iso
    .datetime({ offset: true, message: 'promo:expires_invalid' })
    .or(z.iso.date('promo:expires_invalid'))
    .nullish()
    .transform((v) => (v ? new Date(v.length === 10 ? `${v}T23:59:59.999Z` : v) : null)),
  description: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => v || null),
});
export type CreatePromoInput = z.input<typeof CreatePromoSchema>;

export const UpdatePromoSchema = z.object({ isActive: z.boolean('validation:invalid_input') });

/** The API's answers, as the routes declare them: inferred from their zod schemas in answers/promo.ts. */
export type PromoCode = z.infer<typeof PromoCodeAnswer>;

export type RedeemAnswer = z.infer<typeof PromoRedeemedAnswer>;
