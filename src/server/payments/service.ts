import type Stripe from 'stripe';
import { CREDIT_PACKAGES } from '#shared/credits.js';
import { toCents } from '#shared/money.js';
import type { ConfirmPurchaseAnswer, PaymentIntentAnswer } from '#shared/payments.js';
import type { Config } from '#server/config.js';
import type { DbOrTx } from '#server/db/client.js';
import { balanceOf, paymentCredited, postLedgerEntry } from '#server/credits/index.js';
import type { Ctx } from '#server/http/context.js';
import { isUniqueViolation } from '#server/db/errors.js';
import { AppError } from '#server/http/errors.js';
import { translate } from '#server/http/i18n.js';
import { saveStripeCustomer } from './queries.js';
import { isMissingResource, stripeFor } from './stripe.js';

type CatalogPackage = (typeof CREDIT_PACKAGES)[number];

function packageById(id: string): CatalogPackage | undefined {
  return CREDIT_PACKAGES.find((p) => p.id === id);
}

/** The one Stripe customer of a user, created on first purchase (users.stripe_customer_id). */
async function customerFor(ctx: Ctx, stripe: Stripe): Promise<string> {
  if (ctx.user.stripeCustomerId) return ctx.user.stripeCustomerId;
  const customer = await stripe.customers.create(
    {
      email: ctx.user.email,
      name: `${ctx.user.firstName} ${ctx.user.lastName}`.trim() || undefined,
      metadata: { userId: ctx.user.id },
    },
    // Two first purchases at once still make one customer.
    { idempotencyKey: `customer-${ctx.user.id}` },
  );
  await saveStripeCustomer(ctx.db, ctx.user.id, customer.id);
  return customer.id;
}

/** A PaymentIntent for one catalog package, priced by the server (docs/contract.md §3.1). */
async function createIntent(ctx: Ctx, pkg: CatalogPackage): Promise<PaymentIntentAnswer> {
  const stripe = stripeFor(ctx.config);
  const customer = await customerFor(ctx, stripe);
  const intent = await stripe.paymentIntents.create({
    amount: toCents(pkg.price),
    currency: 'usd',
    customer,
    automatic_payment_methods: { enabled: true },
    description: translate('credits:tx_purchase', { credits: pkg.credits }),
    metadata: { userId: ctx.user.id, packageId: pkg.id, credits: String(pkg.credits) },
  });
  if (!intent.client_secret) throw new AppError('internal_error');
  return { clientSecret: intent.client_secret, paymentIntentId: intent.id, credits: pkg.credits, amount: pkg.price };
}

export async function createPackageIntent(ctx: Ctx, input: { creditPackage: string }): Promise<PaymentIntentAnswer> {
  stripeFor(ctx.config); // 503 before anything else when payments are off
  const pkg = packageById(input.creditPackage);
  if (!pkg) throw new AppError('unknown_package');
  return createIntent(ctx, pkg);
}

/** The checkout's call: the client's credits and price are only a choice among catalog packages. */
export async function createPricedIntent(
  ctx: Ctx,
  input: { credits: number; amount: string },
): Promise<PaymentIntentAnswer> {
  stripeFor(ctx.config);
  const pkg = CREDIT_PACKAGES.find((p) => p.credits === input.credits && p.price === input.amount);
  if (!pkg) throw new AppError('unknown_package');
  return createIntent(ctx, pkg);
}

export type Fulfilment =
  | { outcome: 'credited' | 'already_fulfilled'; userId: string; credits: number; balance: number }
  | { outcome: 'not_payable'; reason: string };

/**
 * The one place a card payment becomes credits, for the client's confirm and the webhook alike
 * (docs/contract.md §5): only a succeeded intent, only for the user and package in its metadata, and only
 * when the amount and currency are that package's. Once per PaymentIntent, enforced by the unique
 * index on credit_transactions.stripe_payment_intent_id: whoever loses the race reads the winner's row.
 */
export async function fulfilPayment(db: DbOrTx, intent: Stripe.PaymentIntent): Promise<Fulfilment> {
  if (intent.status !== 'succeeded') return { outcome: 'not_payable', reason: `status ${intent.status}` };
  const userId = intent.metadata?.userId;
  const pkg = packageById(intent.metadata?.packageId ?? '');
  if (!userId || !pkg) return { outcome: 'not_payable', reason: 'metadata' };
  if (
    intent.metadata.credits !== String(pkg.credits) ||
    intent.amount !== toCents(pkg.price) ||
    intent.currency !== 'usd'
  ) {
    return { outcome: 'not_payable', reason: 'amount does not match the package' };
  }

  const already = async (): Promise<Fulfilment> => ({
    outcome: 'already_fulfilled',
    userId,
    credits: pkg.credits,
    balance: await balanceOf(db, userId),
  });
  if (await paymentCredited(db, intent.id)) return already();
  try {
    const { balance } = await db.transaction((tx) =>
      postLedgerEntry(tx, {
        userId,
        amount: pkg.credits,
        type: 'purchase',
        descriptionKey: 'credits:tx_purchase',
        descriptionParams: { credits: pkg.credits },
        stripePaymentIntentId: intent.id,
      }),
    );
    return { outcome: 'credited', userId, credits: pkg.credits, balance };
  } catch (error) {
    if (isUniqueViolation(error, 'credit_transactions_payment_intent_key')) return already();
    throw error;
  }
}

/** POST /api/credits/confirm-purchase: Stripe is asked, never the client (docs/contract.md §3.1). */
export async function confirmPurchase(ctx: Ctx, input: { paymentIntentId: string }): Promise<ConfirmPurchaseAnswer> {
  const stripe = stripeFor(ctx.config);
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.retrieve(input.paymentIntentId);
  } catch (error) {
    if (isMissingResource(error)) throw new AppError('not_found');
    throw error;
  }
  // Another user's intent is as good as none.
  if (intent.metadata?.userId !== ctx.user.id) throw new AppError('not_found');
  if (intent.status !== 'succeeded') throw new AppError('payment_not_completed');
  const result = await fulfilPayment(ctx.db, intent);
  if (result.outcome === 'not_payable') {
    ctx.log.error({ paymentIntentId: intent.id, reason: result.reason }, 'succeeded payment not fulfilled');
    throw new AppError('unknown_package');
  }
  return {
    success: true,
    credits: result.credits,
    balance: result.balance,
    message: translate('credits:purchase_success', { count: result.credits }),
  };
}

/** POST /api/stripe/webhook: a signed event; payment_intent.succeeded fulfils like confirm. */
export async function handleWebhook(
  db: DbOrTx,
  config: Config,
  log: Ctx['log'],
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true }> {
  const stripe = stripeFor(config);
  if (!config.stripe.webhookSecret || !signature) throw new AppError('invalid_signature');
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, config.stripe.webhookSecret);
  } catch {
    throw new AppError('invalid_signature');
  }
  if (event.type === 'payment_intent.succeeded') {
    const intent = event.data.object;
    try {
      const result = await fulfilPayment(db, intent);
      log.info({ eventId: event.id, paymentIntentId: intent.id, outcome: result.outcome }, 'stripe webhook');
    } catch (error) {
      // The buyer's account is gone: nothing to credit, and Stripe must not retry forever.
      if (!(error instanceof AppError && error.code === 'not_found')) throw error;
      log.warn({ eventId: event.id, paymentIntentId: intent.id }, 'stripe webhook for a deleted user');
    }
  }
  return { received: true };
}
