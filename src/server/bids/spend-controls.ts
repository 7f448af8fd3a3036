import { LOW_BALANCE_CREDITS } from '#shared/bids.js';
import type { LowBalanceEvent } from '#shared/events.js';
import { enqueueEmailToUsers } from '#server/auth/index.js';
import { publishEvents } from '#server/events/index.js';
import type { Ctx } from '#server/http/context.js';
import type { Tx } from '#server/db/client.js';
import { lowBalanceEmail } from '#server/mail/index.js';

/**
 * The one low-balance notice (docs/decisions/042-spend-controls.md), for the bid whose ledger entry said so
 * (postLedgerEntry's `lowBalance`): the event credits.low_balance and an email of kind `bids` in the provider's
 * language, in the bid's transaction. It only tells: nothing is ever bought or spent for the provider.
 */
export async function sendLowBalanceNotice(tx: Tx, ctx: Ctx, balance: number): Promise<void> {
  const data: LowBalanceEvent = { balance, threshold: LOW_BALANCE_CREDITS };
  await publishEvents(tx, [{ userId: ctx.user.id, type: 'credits.low_balance', data }]);
  await enqueueEmailToUsers(tx, {
    config: ctx.config,
    origin: ctx.origin,
    kind: 'bids',
    userIds: [ctx.user.id],
    content: (language) => lowBalanceEmail(language, { balance }),
  });
}
