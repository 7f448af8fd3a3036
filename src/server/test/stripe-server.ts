import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Stripe-compatible HTTP server for tests: only Stripe's network edge is replaced, the real `stripe`
 * SDK talks to it (STRIPE_API_HOST/PORT/PROTOCOL). It keeps customers and payment intents in memory,
 * answers in Stripe's shapes and error format, lets a test mark an intent succeeded or declined, and
 * signs webhook events exactly as Stripe does (`t=…,v1=HMAC-SHA256(secret, "t.payload")`).
 * The browser stand-in for Stripe.js (e2e) confirms intents here with the publishable key.
 */
export const DECLINED_CARD = '4000000000000002';
export const SUCCESS_CARD = '4242424242424242';

export type FakeIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  customer: string | null;
  description: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
  last_payment_error: null | { type: string; code: string; decline_code?: string; message: string };
};

export type StripeTestServer = {
  url: string;
  env: Record<string, string>;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  intents: Map<string, FakeIntent>;
  customers: Map<string, { id: string; email: string | null }>;
  /** Where succeeded intents are announced as signed `payment_intent.succeeded` events (optional). */
  setWebhookUrl: (url: string | null) => void;
  succeed: (id: string) => FakeIntent;
  decline: (id: string) => FakeIntent;
  /** A signed event body and its Stripe-Signature header, as Stripe would post it. */
  signedEvent: (type: string, object: unknown, secret?: string) => { payload: string; signature: string };
  close: () => Promise<void>;
};

/** Stripe's form encoding back to nested objects: `metadata[userId]=x` → { metadata: { userId: 'x' } }. */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter(Boolean);
    let node = out as Record<string, unknown>;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export async function startStripeServer(): Promise<StripeTestServer> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const publishableKey = `pk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const intents = new Map<string, FakeIntent>();
  const customers = new Map<string, { id: string; email: string | null }>();
  const idempotent = new Map<string, string>();
  let webhookUrl: string | null = null;

  const signedEvent = (type: string, object: unknown, secret = webhookSecret) => {
    const payload = JSON.stringify({
      id: id('evt'),
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
    return { payload, signature: signPayload(payload, secret) };
  };

  const announce = (intent: FakeIntent) => {
    if (!webhookUrl) return;
    const { payload, signature } = signedEvent('payment_intent.succeeded', intent);
    void fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    }).catch(() => {});
  };

  const succeed = (intentId: string) => {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`no intent ${intentId}`);
    intent.status = 'succeeded';
    intent.last_payment_error = null;
    announce(intent);
    return intent;
  };
  const decline = (intentId: string) => {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`no intent ${intentId}`);
    intent.status = 'requires_payment_method';
    intent.last_payment_error = {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    };
    return intent;
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, {
      'content-type': 'application/json',
      'request-id': id('req'),
      'access-control-allow-origin': '*',
    });
    res.end(JSON.stringify(body));
  };
  const fail = (res: ServerResponse, status: number, type: string, message: string, extra: object = {}) =>
    send(res, status, { error: { type, message, ...extra } });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'authorization, content-type',
        'access-control-allow-methods': 'GET, POST',
      });
      return res.end();
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const form = parseForm(req.method === 'GET' ? url.searchParams.toString() : Buffer.concat(chunks).toString('utf8'));
    const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const isSecret = key === secretKey;
    if (!isSecret && key !== publishableKey) {
      return fail(res, 401, 'invalid_request_error', 'Invalid API Key provided');
    }
    const path = url.pathname;
    const idempotencyKey = req.headers['idempotency-key'];

    if (req.method === 'POST' && path === '/v1/customers' && isSecret) {
      const known = typeof idempotencyKey === 'string' ? idempotent.get(idempotencyKey) : undefined;
      if (known) return send(res, 200, { object: 'customer', ...customers.get(known) });
      const customer = { id: id('cus'), email: typeof form.email === 'string' ? form.email : null };
      customers.set(customer.id, customer);
      if (typeof idempotencyKey === 'string') idempotent.set(idempotencyKey, customer.id);
      return send(res, 200, { object: 'customer', ...customer });
    }

    if (req.method === 'POST' && path === '/v1/payment_intents' && isSecret) {
      const amount = Number(form.amount);
      if (!Number.isInteger(amount) || amount < 50) {
        return fail(res, 400, 'invalid_request_error', 'Amount must be at least 50 cents', { param: 'amount' });
      }
      const intentId = id('pi');
      const intent: FakeIntent = {
        id: intentId,
        object: 'payment_intent',
        amount,
        currency: String(form.currency ?? 'usd'),
        status: 'requires_payment_method',
        client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
        customer: typeof form.customer === 'string' ? form.customer : null,
        description: typeof form.description === 'string' ? form.description : null,
        metadata: (form.metadata as Record<string, string>) ?? {},
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        last_payment_error: null,
      };
      intents.set(intentId, intent);
      return send(res, 200, intent);
    }

    const match = /^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/.exec(path);
    if (match) {
      const intent = intents.get(match[1]!);
      // The publishable key reaches an intent only with its client secret, as with Stripe.
      if (!intent || (!isSecret && form.client_secret !== intent.client_secret)) {
        return fail(res, 404, 'invalid_request_error', `No such payment_intent: '${match[1]}'`, {
          code: 'resource_missing',
          param: 'intent',
        });
      }
      if (req.method === 'GET' && !match[2]) return send(res, 200, intent);
      if (req.method === 'POST' && match[2]) {
        if (intent.status === 'succeeded') {
          return fail(res, 400, 'invalid_request_error', 'This PaymentIntent has already succeeded.', {
            code: 'payment_intent_unexpected_state',
          });
        }
        const card = (form.payment_method_data as { card?: { number?: string } } | undefined)?.card?.number ?? '';
        if (card.replace(/\s/g, '') === DECLINED_CARD) {
          decline(intent.id);
          return fail(res, 402, 'card_error', 'Your card was declined.', {
            code: 'card_declined',
            decline_code: 'generic_decline',
            payment_intent: intent,
          });
        }
        return send(res, 200, succeed(intent.id));
      }
    }
    return fail(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${path})`);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => fail(res, 500, 'api_error', String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    secretKey,
    publishableKey,
    webhookSecret,
    env: {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_PUBLISHABLE_KEY: publishableKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: 'http',
    },
    intents,
    customers,
    setWebhookUrl: (value) => {
      webhookUrl = value;
    },
    succeed,
    decline,
    signedEvent,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
