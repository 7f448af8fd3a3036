import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { creditTransactions, users } from '#server/db/schema/index.js';
import { as, createTestApp, signUp, type Session, type TestApp } from '#server/test/app.js';
import { makeProvider } from '#server/test/factories.js';
import { assertLedgerInvariant } from '#server/test/ledger.js';
import { startStripeServer, type StripeTestServer } from '#server/test/stripe-server.js';

let stripe: StripeTestServer;
let t: TestApp;

beforeAll(async () => {
  stripe = await startStripeServer();
  t = await createTestApp({ ...stripe.env, FREE_CREDITS_ON_UPGRADE: '2' });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});
afterEach(async () => {
  await assertLedgerInvariant(t.app.db);
});

async function balanceOf(userId: string): Promise<number> {
  const [row] = await t.app.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row!.credits;
}

async function purchaseRows(intentId: string): Promise<number> {
  const [row] = await t.app.db
    .select({ n: count() })
    .from(creditTransactions)
    .where(eq(creditTransactions.stripePaymentIntentId, intentId));
  return row!.n;
}

async function createIntent(session: Session, creditPackage = 'value') {
  const response = await as(
    t.app,
    session,
  )({
    method: 'POST',
    url: '/api/credits/create-payment-intent',
    payload: { creditPackage },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { clientSecret: string; paymentIntentId: string; credits: number; amount: string };
}

const confirm = (session: Session, paymentIntentId: string) =>
  as(t.app, session)({ method: 'POST', url: '/api/credits/confirm-purchase', payload: { paymentIntentId } });

const webhook = (payload: string, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload,
  });

describe('creating payment intents', () => {
  it('prices a catalog package on the server: USD cents, metadata user/package/credits, one customer per user', async () => {
    const provider = await makeProvider(t.app);
    const first = await createIntent(provider, 'value');
    expect(first).toMatchObject({ credits: 25, amount: '200.00' });
    expect(first.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    const intent = stripe.intents.get(first.paymentIntentId)!;
    expect(intent).toMatchObject({
      amount: 20_000,
      currency: 'usd',
      status: 'requires_payment_method',
      metadata: { userId: provider.user.id, packageId: 'value', credits: '25' },
    });
    const second = await createIntent(provider, 'premium');
    expect(stripe.intents.get(second.paymentIntentId)).toMatchObject({ amount: 60_000, customer: intent.customer });
    const [row] = await t.app.db
      .select({ customer: users.stripeCustomerId })
      .from(users)
      .where(eq(users.id, provider.user.id));
    expect(row!.customer).toBe(intent.customer);
    expect(intent.customer).toMatch(/^cus_/);
  });

  it('accepts the checkout call only when credits and amount match one package; otherwise creates nothing', async () => {
    const provider = await makeProvider(t.app);
    const call = (payload: object) =>
      as(t.app, provider)({ method: 'POST', url: '/api/create-payment-intent', payload });
    const ok = await call({ credits: 25, amount: '200' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ credits: 25, amount: '200.00' });
    expect((await call({ credits: 10, amount: 90 })).statusCode).toBe(201);

    const before = stripe.intents.size;
    for (const payload of [
      { credits: 25, amount: '199.99' },
      { credits: 1000, amount: '1.00' },
      { credits: 10, amount: '200.00' },
    ]) {
      const refused = await call(payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: 'This credit package does not exist', code: 'unknown_package' });
    }
    const unknown = await as(
      t.app,
      provider,
    )({
      method: 'POST',
      url: '/api/credits/create-payment-intent',
      payload: { creditPackage: 'gold' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('unknown_package');
    expect((await call({ credits: -5, amount: '-1' })).statusCode).toBe(400);
    expect(stripe.intents.size).toBe(before);
  });

  it('answers 401 to a visitor', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/credits/create-payment-intent',
      payload: { creditPackage: 'value' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('confirming a purchase', () => {
  it('adds nothing before Stripe says succeeded (409), then the package’s credits exactly once', async () => {
    const provider = await makeProvider(t.app);
    const start = await balanceOf(provider.user.id);
    const { paymentIntentId } = await createIntent(provider, 'value');

    const early = await confirm(provider, paymentIntentId);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: 'The payment has not completed yet', code: 'payment_not_completed' });
    expect(await balanceOf(provider.user.id)).toBe(start);

    stripe.decline(paymentIntentId);
    expect((await confirm(provider, paymentIntentId)).statusCode).toBe(409);
    expect(await balanceOf(provider.user.id)).toBe(start);

    stripe.succeed(paymentIntentId);
    const done = await confirm(provider, paymentIntentId);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      success: true,
      credits: 25,
      balance: start + 25,
      message: "You've successfully purchased 25 credits!",
    });
    const again = await confirm(provider, paymentIntentId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ success: true, credits: 25, balance: start + 25 });
    expect(await balanceOf(provider.user.id)).toBe(start + 25);
    expect(await purchaseRows(paymentIntentId)).toBe(1);

    const history = await as(t.app, provider)({ method: 'GET', url: '/api/credits/transactions' });
    expect(history.json()[0]).toMatchObject({
      amount: 25,
      type: 'purchase',
      description: 'Purchased 25 credits',
      descriptionKey: 'credits:tx_purchase',
    });
  });

  it('10 concurrent confirms and 2 webhooks racing them credit the package once', async () => {
    const provider = await makeProvider(t.app);
    const start = await balanceOf(provider.user.id);
    const { paymentIntentId } = await createIntent(provider, 'pro');
    const intent = stripe.succeed(paymentIntentId);
    const events = [1, 2].map(() => stripe.signedEvent('payment_intent.succeeded', intent));
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => confirm(provider, paymentIntentId)),
      ...events.map((e) => webhook(e.payload, e.signature)),
    ]);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    for (const r of results.slice(0, 10)) expect(r.json()).toMatchObject({ success: true, credits: 50 });
    expect(await balanceOf(provider.user.id)).toBe(start + 50);
    expect(await purchaseRows(paymentIntentId)).toBe(1);
  });

  it('hides another user’s intent (404) and an unknown one (404), adding nothing', async () => {
    const owner = await makeProvider(t.app);
    const other = await makeProvider(t.app, 5);
    const { paymentIntentId } = await createIntent(owner, 'starter');
    stripe.succeed(paymentIntentId);
    const foreign = await confirm(other, paymentIntentId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Not found', code: 'not_found' });
    expect((await confirm(other, 'pi_doesnotexist123')).statusCode).toBe(404);
    expect((await confirm(other, 'not-an-intent')).statusCode).toBe(400);
    expect(await purchaseRows(paymentIntentId)).toBe(0);
    expect(await balanceOf(other.user.id)).toBe(5);
    expect(await balanceOf(owner.user.id)).toBe(0);
  });
});

describe('the Stripe webhook', () => {
  it('refuses a missing or bad signature with 400 and changes nothing', async () => {
    const provider = await makeProvider(t.app);
    const { paymentIntentId } = await createIntent(provider, 'value');
    const intent = stripe.succeed(paymentIntentId);
    const { payload, signature } = stripe.signedEvent('payment_intent.succeeded', intent);
    const forged = stripe.signedEvent('payment_intent.succeeded', intent, 'whsec_not_the_secret');
    for (const response of [
      await webhook(payload),
      await webhook(payload, 'garbage'),
      await webhook(payload, forged.signature),
      await webhook(payload.replace('"amount":20000', '"amount":20001'), signature),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Invalid webhook signature', code: 'invalid_signature' });
    }
    expect(await purchaseRows(paymentIntentId)).toBe(0);
  });

  it('fulfils payment_intent.succeeded once; a replay and other events answer 2xx and add nothing', async () => {
    const provider = await makeProvider(t.app);
    const start = await balanceOf(provider.user.id);
    const { paymentIntentId } = await createIntent(provider, 'starter');
    const intent = stripe.succeed(paymentIntentId);
    const { payload, signature } = stripe.signedEvent('payment_intent.succeeded', intent);
    const first = await webhook(payload, signature);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect(await balanceOf(provider.user.id)).toBe(start + 10);
    const replay = await webhook(payload, signature);
    expect(replay.statusCode).toBe(200);
    const other = stripe.signedEvent('customer.created', { id: 'cus_x', object: 'customer' });
    expect((await webhook(other.payload, other.signature)).statusCode).toBe(200);
    expect(await balanceOf(provider.user.id)).toBe(start + 10);
    // The client confirming afterwards is told it is done, and adds nothing.
    const late = await confirm(provider, paymentIntentId);
    expect(late.json()).toMatchObject({ success: true, credits: 10, balance: start + 10 });
    expect(await purchaseRows(paymentIntentId)).toBe(1);
  });

  it('credits only what Stripe says succeeded, for the user and package on the intent', async () => {
    const provider = await makeProvider(t.app);
    const start = await balanceOf(provider.user.id);
    const { paymentIntentId } = await createIntent(provider, 'value');
    const intent = stripe.intents.get(paymentIntentId)!;
    // Not succeeded: nothing.
    const pending = stripe.signedEvent('payment_intent.succeeded', intent);
    expect((await webhook(pending.payload, pending.signature)).statusCode).toBe(200);
    // Amount not the package's price (an intent made outside the app): nothing.
    const cheap = stripe.signedEvent('payment_intent.succeeded', { ...intent, status: 'succeeded', amount: 100 });
    expect((await webhook(cheap.payload, cheap.signature)).statusCode).toBe(200);
    expect(await balanceOf(provider.user.id)).toBe(start);
    expect(await purchaseRows(paymentIntentId)).toBe(0);
  });
});

describe('without STRIPE_SECRET_KEY', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(() => bare?.close());

  it('answers 503 payments_unavailable everywhere, creates nothing, and keeps serving', async () => {
    const user = await signUp(bare.app);
    const before = stripe.intents.size;
    const calls = [
      { url: '/api/credits/create-payment-intent', payload: { creditPackage: 'value' } },
      { url: '/api/create-payment-intent', payload: { credits: 25, amount: '200' } },
      { url: '/api/credits/confirm-purchase', payload: { paymentIntentId: 'pi_123' } },
    ];
    for (const call of calls) {
      const response = await as(bare.app, user)({ method: 'POST', ...call });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        message: 'Payment processing is currently disabled. Please contact support to purchase credits.',
        code: 'payments_unavailable',
      });
    }
    const hook = await bare.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(503);
    expect(stripe.intents.size).toBe(before);
    expect((await bare.app.inject({ method: 'GET', url: '/api/config' })).json().stripePublishableKey).toBeNull();
    expect((await bare.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await assertLedgerInvariant(bare.app.db);
  });
});
