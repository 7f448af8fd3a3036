import { z } from 'zod';
import { moneySchema } from './money.js';
import type { PaymentIntentCreatedAnswer, PurchaseConfirmedAnswer } from './answers/payments.js';

/** POST /api/credits/create-payment-intent: a catalog package id (anything else is 400 unknown_package). */
export const PackageIntentSchema = z.object({
  creditPackage: z.string('validation:invalid_input').trim().min(1, 'validation:invalid_input').max(40),
});

/** POST /api/create-payment-intent: accepted only when both match one catalog package (docs/contract.md §4.2). */
export const PriceIntentSchema = z.object({
  credits: z.coerce
    .number('validation:invalid_input')
    .int('validation:invalid_input')
    .positive('validation:invalid_input'),
  amount: moneySchema('validation:invalid_input'),
});

/** The API's answers, as the routes declare them: inferred from their zod schemas in answers/payments.ts. */
export type PaymentIntentAnswer = z.infer<typeof PaymentIntentCreatedAnswer>;

export const ConfirmPurchaseSchema = z.object({
  paymentIntentId: z
    .string('validation:invalid_input')
    .trim()
    .regex(/^pi_[A-Za-z0-9_]{1,250}$/, 'validation:invalid_input'),
});

export type ConfirmPurchaseAnswer = z.infer<typeof PurchaseConfirmedAnswer>;
