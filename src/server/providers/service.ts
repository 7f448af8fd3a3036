import type { UpgradeToProviderResult } from '#shared/providers.js';
import { promoteToProvider, toUser } from '#server/auth/index.js';
import { postLedgerEntry } from '#server/credits/index.js';
import type { Ctx } from '#server/http/context.js';
import { AppError } from '#server/http/errors.js';

/**
 * A customer becomes a provider and receives FREE_CREDITS_ON_UPGRADE once (spec §4, docs/contract.md §4.4).
 * The conditional UPDATE takes the user's row lock: of concurrent upgrades only the first finds the
 * role still 'customer'; the bonus-once index backs that up.
 */
export async function upgradeToProvider(ctx: Ctx): Promise<UpgradeToProviderResult> {
  if (ctx.user.role === 'provider') throw new AppError('already_provider');
  const freeCredits = ctx.config.freeCreditsOnUpgrade;
  const row = await ctx.db.transaction(async (tx) => {
    const upgraded = await promoteToProvider(tx, ctx.user.id);
    if (!upgraded) throw new AppError('already_provider');
    // Amounts are never zero (credit_transactions_amount_non_zero): no free credits, no row.
    if (freeCredits === 0) return upgraded;
    const { balance } = await postLedgerEntry(tx, {
      userId: upgraded.id,
      amount: freeCredits,
      type: 'bonus',
      descriptionKey: 'credits:tx_bonus',
    });
    return { ...upgraded, credits: balance };
  });
  return { freeCredits, user: toUser(row, ctx.config) };
}
