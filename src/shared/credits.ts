import { z } from 'zod';
import type { CreditPackageAnswer, CreditTransactionAnswer } from './answers/credits.js';

/** The one credit package catalog (docs/contract.md §4.2): landing, /checkout and /buy-credits render it. */
export const CREDIT_PACKAGES = [
  { id: 'starter', credits: 10, price: '90.00', popular: false },
  { id: 'value', credits: 25, price: '200.00', popular: true },
  { id: 'pro', credits: 50, price: '350.00', popular: false },
  { id: 'premium', credits: 100, price: '600.00', popular: false },
] as const;

export type CreditPackageId = (typeof CREDIT_PACKAGES)[number]['id'];

/** The API's answers, as the routes declare them: inferred from their zod schemas in answers/credits.ts. */
export type CreditPackage = z.infer<typeof CreditPackageAnswer>;

export const CREDIT_TRANSACTION_TYPES = ['bonus', 'purchase', 'promo', 'bid', 'refund', 'adjustment'] as const;
export type CreditTransactionType = (typeof CREDIT_TRANSACTION_TYPES)[number];

/** Values a ledger description is rendered with, in either language. */
export type CreditDescriptionParams = Record<string, string | number>;

export type CreditTransaction = z.infer<typeof CreditTransactionAnswer>;

export const TRANSACTIONS_DEFAULT_LIMIT = 50;
export const TRANSACTIONS_MAX_LIMIT = 200;
export const TransactionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(TRANSACTIONS_MAX_LIMIT).default(TRANSACTIONS_DEFAULT_LIMIT),
});

export const CreditPackageIdSchema = z.enum(
  CREDIT_PACKAGES.map((p) => p.id) as [CreditPackageId, ...CreditPackageId[]],
);
