import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ConfirmPurchaseSchema, PackageIntentSchema, PriceIntentSchema } from '#shared/payments.js';
import { ctx } from '#server/http/context.js';
import { confirmPurchase, createPackageIntent, createPricedIntent, handleWebhook } from './service.js';
import { PaymentIntentCreatedAnswer, PurchaseConfirmedAnswer, WebhookAnswer } from '#shared/answers/payments.js';

/** Card payments (docs/contract.md §3.1). */
export async function paymentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/credits/create-payment-intent',
    { schema: { body: PackageIntentSchema, response: { 201: PaymentIntentCreatedAnswer } } },
    async (request, reply) => reply.status(201).send(await createPackageIntent(await ctx(request), request.body)),
  );

  r.post(
    '/api/create-payment-intent',
    { schema: { body: PriceIntentSchema, response: { 201: PaymentIntentCreatedAnswer } } },
    async (request, reply) => reply.status(201).send(await createPricedIntent(await ctx(request), request.body)),
  );

  r.post(
    '/api/credits/confirm-purchase',
    { schema: { body: ConfirmPurchaseSchema, response: { 200: PurchaseConfirmedAnswer } } },
    async (request) => confirmPurchase(await ctx(request), request.body),
  );

  await app.register(webhookRoute);
}

/** Its own scope: the signature is over the exact bytes Stripe sent, so this route parses no JSON. */
async function webhookRoute(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(
    '/api/stripe/webhook',
    { config: { public: true }, schema: { response: { 200: WebhookAnswer } } },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      return handleWebhook(
        app.db,
        app.config,
        request.log,
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        typeof signature === 'string' ? signature : undefined,
      );
    },
  );
}
