import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreatePromoSchema, RedeemPromoSchema, UpdatePromoSchema } from '#shared/promo.js';
import { ctx } from '#server/http/context.js';
import { AppError } from '#server/http/errors.js';
import { adminCreatePromo, adminListPromos, adminUpdatePromo, redeemPromoCode } from './service.js';
import { PromoCodeAnswer, PromoRedeemedAnswer, RedeemRefusalAnswer } from '#shared/answers/promo.js';

const PromoIdParams = z.object({ id: z.string() });

export async function promoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/promo-codes/redeem',
    {
      schema: { body: RedeemPromoSchema, response: { 200: PromoRedeemedAnswer, '4xx': RedeemRefusalAnswer } },
      config: { limits: ['promo_redemptions'] },
    },
    async (request, reply) => {
      const context = await ctx(request);
      try {
        return await redeemPromoCode(context, request.body);
      } catch (error) {
        // Refusals carry success: false beside the usual message and code (docs/contract.md §3.1).
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        return reply.status(error.statusCode).send({ success: false, message: error.message, code: error.code });
      }
    },
  );

  r.post(
    '/api/admin/promo-codes',
    { schema: { body: CreatePromoSchema, response: { 201: PromoCodeAnswer } } },
    async (request, reply) => reply.status(201).send(await adminCreatePromo(await ctx(request), request.body)),
  );

  r.get('/api/admin/promo-codes', { schema: { response: { 200: z.array(PromoCodeAnswer) } } }, async (request) =>
    adminListPromos(await ctx(request)),
  );

  r.patch(
    '/api/admin/promo-codes/:id',
    { schema: { params: PromoIdParams, body: UpdatePromoSchema, response: { 200: PromoCodeAnswer } } },
    async (request) => adminUpdatePromo(await ctx(request), request.params.id, request.body),
  );
}
