import { CREDIT_PACKAGES, type CreditPackage, type CreditTransaction } from '#shared/credits.js';
import { fromCents, toCents } from '#shared/money.js';
import type { Ctx } from '#server/http/context.js';
import { translate } from '#server/http/i18n.js';
import { parseDescription } from './ledger.js';
import { selectTransactions, type TransactionRow } from './queries.js';

function perCredit(price: string, credits: number): string {
  return fromCents(Math.round(toCents(price) / credits));
}

/** The catalog with its English texts; the client shows its own language by package id. */
export function listCreditPackages(): CreditPackage[] {
  return CREDIT_PACKAGES.map((p) => ({
    id: p.id,
    name: translate(`credits:package_${p.id}_name`),
    credits: p.credits,
    price: p.price,
    pricePerCredit: perCredit(p.price, p.credits),
    popular: p.popular,
    description: translate(`credits:package_${p.id}_description`),
    features: [1, 2, 3].map((n) => translate(`credits:package_${p.id}_feature_${n}`)),
  }));
}

function toCreditTransaction(row: TransactionRow): CreditTransaction {
  const { key, params } = parseDescription(row.descriptionParams);
  return {
    id: row.id,
    amount: row.amount,
    type: row.type,
    description: row.description,
    descriptionKey: key,
    descriptionParams: params,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The caller's own ledger, newest first (spec §6: only their own rows). */
export async function listTransactions(ctx: Ctx, input: { limit: number }): Promise<CreditTransaction[]> {
  const rows = await selectTransactions(ctx.db, ctx.user.id, input.limit);
  return rows.map(toCreditTransaction);
}
