import { z } from 'zod';
import { CREDIT_PACKAGES, CREDIT_TRANSACTION_TYPES, type CreditPackageId } from '../credits.js';
import { money, timestamp } from './common.js';

const packageIds = CREDIT_PACKAGES.map((p) => p.id) as [CreditPackageId, ...CreditPackageId[]];

/** As GET /api/credits/packages answers (spec §3 'Credit package (buy-credits)'); texts are client keys. */
export const CreditPackageAnswer = z
  .object({
    id: z.enum(packageIds),
    name: z.string(),
    credits: z.number().int(),
    price: money,
    pricePerCredit: money,
    popular: z.boolean(),
    description: z.string(),
    features: z.array(z.string()),
  })
  .meta({ id: 'CreditPackage' });

/** GET /api/credits/transactions items: `description` is English; the client renders `descriptionKey` instead when set. */
export const CreditTransactionAnswer = z
  .object({
    id: z.string(),
    /** Signed: positive added credits, negative spent them. */
    amount: z.number().int(),
    type: z.enum(CREDIT_TRANSACTION_TYPES),
    description: z.string(),
    /** A catalog key such as 'credits:tx_bid_regular', or null for rows written without one. */
    descriptionKey: z.string().nullable(),
    /** Values a ledger description is rendered with, in either language. */
    descriptionParams: z.record(z.string(), z.union([z.string(), z.number()])),
    createdAt: timestamp,
  })
  .meta({ id: 'CreditTransaction' });
