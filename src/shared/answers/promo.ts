import { z } from 'zod';
import { ApiErrorAnswer, timestamp } from './common.js';

export const PromoCodeAnswer = z
  .object({
    id: z.string(),
    code: z.string(),
    creditsAmount: z.number().int(),
    maxUses: z.number().int().nullable(),
    currentUses: z.number().int(),
    isActive: z.boolean(),
    description: z.string().nullable(),
    createdBy: z.string().nullable(),
    expiresAt: timestamp.nullable(),
    createdAt: timestamp,
  })
  .meta({ id: 'PromoCode' });

export const PromoRedeemedAnswer = z.object({
  success: z.literal(true),
  creditsReceived: z.number().int(),
  balance: z.number().int(),
  message: z.string(),
});

/**
 * A refusal: the usual error body; a refusal of the code itself (promo_invalid, promo_expired, …) also says
 * `success: false` (docs/contract.md §3.1).
 */
export const RedeemRefusalAnswer = ApiErrorAnswer.extend({ success: z.literal(false).optional() });
