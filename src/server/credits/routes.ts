import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TransactionsQuerySchema } from '#shared/credits.js';
import { ctx } from '#server/http/context.js';
import { listCreditPackages, listTransactions } from './service.js';
import { z } from 'zod';
import { CreditPackageAnswer, CreditTransactionAnswer } from '#shared/answers/credits.js';

export async function creditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/credits/packages',
    { config: { public: true }, schema: { response: { 200: z.array(CreditPackageAnswer) } } },
    async () => listCreditPackages(),
  );

  r.get(
    '/api/credits/transactions',
    { schema: { querystring: TransactionsQuerySchema, response: { 200: z.array(CreditTransactionAnswer) } } },
    async (request) => listTransactions(await ctx(request), request.query),
  );
}
