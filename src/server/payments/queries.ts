import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.js';
import { users } from '#server/db/schema/index.js';

// The payments room's statements (the ledger's are the credits room's, reached through its index).

/** The user's one Stripe customer (users.stripe_customer_id). */
export async function saveStripeCustomer(db: DbOrTx, userId: string, customerId: string): Promise<void> {
  await db.update(users).set({ stripeCustomerId: customerId }).where(eq(users.id, userId));
}
