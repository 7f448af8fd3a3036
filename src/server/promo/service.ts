import type { z } from 'zod';
import type { CreatePromoSchema, PromoCode, RedeemAnswer } from '#shared/promo.js';
import type { DbOrTx } from '#server/db/client.js';
import { postLedgerEntry } from '#server/credits/index.js';
import { requireAdmin, type Ctx } from '#server/http/context.js';
import { isUniqueViolation } from '#server/db/errors.js';
import { AppError } from '#server/http/errors.js';
import { translate } from '#server/http/i18n.js';
import {
  hasUsedPromo,
  insertPromoRow,
  recordPromoUse,
  selectPromoCodes,
  selectPromoForUpdate,
  updatePromoActive,
  type PromoRow,
} from './queries.js';

export type NewPromo = z.output<typeof CreatePromoSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toPromoCode(row: PromoRow): PromoCode {
  return {
    id: row.id,
    code: row.code,
    creditsAmount: row.creditsAmount,
    maxUses: row.maxUses,
    currentUses: row.currentUses,
    isActive: row.isActive,
    description: row.description,
    createdBy: row.createdBy,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * POST /api/promo-codes/redeem (docs/contract.md §3.1, §4.13). The code's row is locked for the whole
 * transaction, so concurrent redemptions of one code queue and each sees the uses before it:
 * maxUses holds, and the (user, code) unique key pays one user once.
 */
export async function redeemPromoCode(ctx: Ctx, input: { code: string }): Promise<RedeemAnswer> {
  const code = input.code.trim().toUpperCase();
  try {
    return await ctx.db.transaction(async (tx) => {
      const promo = await selectPromoForUpdate(tx, code);
      if (!promo || !promo.isActive) throw new AppError('promo_invalid');
      if (promo.expiresAt && promo.expiresAt.getTime() <= Date.now()) throw new AppError('promo_expired');
      const used = await hasUsedPromo(tx, ctx.user.id, promo.id);
      if (used) throw new AppError('promo_already_used');
      if (promo.maxUses !== null && promo.currentUses >= promo.maxUses) throw new AppError('promo_exhausted');

      await recordPromoUse(tx, ctx.user.id, promo);
      const { balance } = await postLedgerEntry(tx, {
        userId: ctx.user.id,
        amount: promo.creditsAmount,
        type: 'promo',
        descriptionKey: 'credits:tx_promo',
        descriptionParams: { code: promo.code },
        promoCodeId: promo.id,
      });
      return {
        success: true as const,
        creditsReceived: promo.creditsAmount,
        balance,
        message: translate('promo:redeemed', { count: promo.creditsAmount }),
      };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'promo_code_usages_user_code_key')) throw new AppError('promo_already_used');
    throw error;
  }
}

/** A new code, stored upper-case; a taken code (any case) is 409 already_exists. */
export async function insertPromoCode(db: DbOrTx, input: NewPromo, createdBy: string | null): Promise<PromoCode> {
  try {
    const row = await insertPromoRow(db, {
      code: input.code.toUpperCase(),
      creditsAmount: input.creditsAmount,
      maxUses: input.maxUses,
      expiresAt: input.expiresAt,
      description: input.description,
      createdBy,
    });
    return toPromoCode(row);
  } catch (error) {
    if (isUniqueViolation(error, 'promo_codes_code_key')) throw new AppError('already_exists');
    throw error;
  }
}

/** Every code, newest first, with its use count. */
export async function listPromoCodes(db: DbOrTx): Promise<PromoCode[]> {
  return (await selectPromoCodes(db)).map(toPromoCode);
}

export async function setPromoActive(
  db: DbOrTx,
  where: { id: string } | { code: string },
  isActive: boolean,
): Promise<PromoCode> {
  if ('id' in where && !UUID.test(where.id)) throw new AppError('not_found');
  const row = await updatePromoActive(
    db,
    'id' in where ? { id: where.id } : { code: where.code.trim().toUpperCase() },
    isActive,
  );
  if (!row) throw new AppError('not_found');
  return toPromoCode(row);
}

// Operators' API (docs/contract.md §3.1): admins only, 403 not_admin for anyone else.
export async function adminCreatePromo(ctx: Ctx, input: NewPromo): Promise<PromoCode> {
  requireAdmin(ctx);
  return insertPromoCode(ctx.db, input, ctx.user.email);
}

export async function adminListPromos(ctx: Ctx): Promise<PromoCode[]> {
  requireAdmin(ctx);
  return listPromoCodes(ctx.db);
}

export async function adminUpdatePromo(ctx: Ctx, id: string, input: { isActive: boolean }): Promise<PromoCode> {
  requireAdmin(ctx);
  return setPromoActive(ctx.db, { id }, input.isActive);
}
