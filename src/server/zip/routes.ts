import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZipParamSchema } from '#shared/jobs.js';
import { ctx } from '#server/http/context.js';
import { findOrFail } from '#server/http/errors.js';
import { lookupZip } from './service.js';
import { ZipInfoAnswer } from '#shared/answers/jobs.js';

export async function zipRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/zip/:zip', { schema: { params: ZipParamSchema, response: { 200: ZipInfoAnswer } } }, async (request) => {
    await ctx(request);
    return findOrFail(lookupZip(request.params.zip), 'zip_not_found');
  });
}
