import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.js';
import { promoCodes, promoCodeUsages } from '#server/db/schema/index.js';

// The promo room's statements.

export type PromoRow = typeof promoCodes.$inferSelect;

/** The code (matched in upper case), locked for the rest of the caller's transaction. */
export async function selectPromoForUpdate(db: DbOrTx, upperCode: string): Promise<PromoRow | undefined> {
  const [promo] = await db
    .select()
    .from(promoCodes)
    .where(sql`upper(${promoCodes.code}) = ${upperCode}`)
    .for('update');
  return promo;
}

export async function hasUsedPromo(db: DbOrTx, userId: string, promoCodeId: string): Promise<boolean> {
  const [used] = await db
    .select({ id: promoCodeUsages.id })
    .from(promoCodeUsages)
    .where(sql`${promoCodeUsages.userId} = ${userId} AND ${promoCodeUsages.promoCodeId} = ${promoCodeId}`);
  return used !== undefined;
}

/** The user's use of the code, and the code's use count one higher. */
export async function recordPromoUse(db: DbOrTx, userId: string, promo: PromoRow): Promise<void> {
  await db.insert(promoCodeUsages).values({ userId, promoCodeId: promo.id, creditsReceived: promo.creditsAmount });
  await db
    .update(promoCodes)
    .set({ currentUses: sql`${promoCodes.currentUses} + 1` })
    .where(eq(promoCodes.id, promo.id));
}

export async function insertPromoRow(db: DbOrTx, values: typeof promoCodes.$inferInsert): Promise<PromoRow> {
  const [row] = await db.insert(promoCodes).values(values).returning();
  return row!;
}

/** Every code, newest first. */
export function selectPromoCodes(db: DbOrTx): Promise<PromoRow[]> {
  return db.select().from(promoCodes).orderBy(desc(promoCodes.createdAt), desc(promoCodes.id));
}

/** Sets the code's active flag, by id or by its upper-case code; undefined when there is no such code. */
export async function updatePromoActive(
  db: DbOrTx,
  where: { id: string } | { code: string },
  isActive: boolean,
): Promise<PromoRow | undefined> {
  const [row] = await db
    .update(promoCodes)
    .set({ isActive })
    .where('id' in where ? eq(promoCodes.id, where.id) : sql`upper(${promoCodes.code}) = ${where.code}`)
    .returning();
  return row;
}
