import { z } from 'zod';
import { money } from './common.js';

/** 201 of both create-payment-intent calls (docs/contract.md §3.1). */
export const PaymentIntentCreatedAnswer = z
  .object({
    clientSecret: z.string(),
    paymentIntentId: z.string(),
    credits: z.number().int(),
    /** Two decimals, USD: "90.00". */
    amount: money,
  })
  .meta({ id: 'PaymentIntent' });

export const PurchaseConfirmedAnswer = z.object({
  success: z.literal(true),
  credits: z.number().int(),
  balance: z.number().int(),
  message: z.string(),
});

/** POST /api/stripe/webhook, once the signature is good. */
export const WebhookAnswer = z.object({ received: z.literal(true) });
