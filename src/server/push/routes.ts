import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PushSubscriptionSchema, PushUnsubscribeSchema } from '#shared/push.js';
import { PushPublicKeyAnswer, PushSubscriptionAnswer } from '#shared/answers/push.js';
import { noBody } from '#shared/answers/common.js';
import { ctx } from '#server/http/context.js';
import { subscribe, unsubscribe, type VapidKeys } from './service.js';

export type PushRoutesOptions = { keys: VapidKeys };

// Web Push (docs/contract.md §3.10): the key browsers subscribe with, and each device's subscription.
export async function pushRoutes(app: FastifyInstance, options: PushRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/push/public-key',
    { config: { public: true }, schema: { response: { 200: PushPublicKeyAnswer } } },
    async () => ({ publicKey: options.keys.publicKey }),
  );

  r.post(
    '/api/push/subscriptions',
    {
      schema: { body: PushSubscriptionSchema, response: { 200: PushSubscriptionAnswer, 201: PushSubscriptionAnswer } },
      config: { limits: ['push_subscriptions'] },
    },
    async (request, reply) => {
      const saved = await subscribe(await ctx(request), request.body);
      return reply
        .status(saved.created ? 201 : 200)
        .send({ endpoint: request.body.endpoint, createdAt: saved.createdAt.toISOString() });
    },
  );

  r.delete(
    '/api/push/subscriptions',
    { schema: { body: PushUnsubscribeSchema, response: { 204: noBody('Unsubscribed') } } },
    async (request, reply) => {
      await unsubscribe(await ctx(request), request.body.endpoint);
      return reply.status(204).send();
    },
  );
}
