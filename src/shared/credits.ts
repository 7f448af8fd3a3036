import { z } from 'zod';

/** The one credit package catalog (DESIGN.md §4.2): landing, /checkout and /buy-credits render it. */
export const CREDIT_PACKAGES = [
  { id: 'starter', credits: 10, price: '90.00', popular: false },
  { id: 'value', credits: 25, price: '200.00', popular: true },
  { id: 'pro', credits: 50, price: '350.00', popular: false },
  { id: 'premium', credits: 100, price: '600.00', popular: false },
] as const;

export type CreditPackageId = (typeof CREDIT_PACKAGES)[number]['id'];

/** As GET /api/credits/packages answers (spec §3 'Credit package (buy-credits)'); texts are client keys. */
export type CreditPackage = {
  id: CreditPackageId;
  name: string;
  credits: number;
  price: string;
  pricePerCredit: string;
  popular: boolean;
  description: string;
  features: string[];
};

export const CREDIT_TRANSACTION_TYPES = ['bonus', 'purchase', 'promo', 'bid', 'refund', 'adjustment'] as const;
export type CreditTransactionType = (typeof CREDIT_TRANSACTION_TYPES)[number];

/** Values a ledger description is rendered with, in either language. */
export type CreditDescriptionParams = Record<string, string | number>;

/** GET /api/credits/transactions items: `description` is English; the client renders `descriptionKey` instead when set. */
export type CreditTransaction = {
  id: string;
  /** Signed: positive added credits, negative spent them. */
  amount: number;
  type: CreditTransactionType;
  description: string;
  /** A catalog key such as 'credits:tx_bid_regular', or null for rows written without one. */
  descriptionKey: string | null;
  descriptionParams: CreditDescriptionParams;
  createdAt: string;
};

export const TRANSACTIONS_DEFAULT_LIMIT = 50;
export const TRANSACTIONS_MAX_LIMIT = 200;
export const TransactionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(TRANSACTIONS_MAX_LIMIT).default(TRANSACTIONS_DEFAULT_LIMIT),
});

export const CreditPackageIdSchema = z.enum(
  CREDIT_PACKAGES.map((p) => p.id) as [CreditPackageId, ...CreditPackageId[]],
);
