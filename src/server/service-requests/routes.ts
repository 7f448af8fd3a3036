import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParamSchema } from '#shared/business-profiles.js';
import {
  CreateServiceRequestSchema,
  ServiceRequestListQuerySchema,
  UpdateServiceRequestSchema,
} from '#shared/service-requests.js';
import { ctx } from '#server/http/context.js';
import { createServiceRequest, listServiceRequests, updateServiceRequest } from './service.js';

export async function serviceRequestRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/service-requests', { schema: { body: CreateServiceRequestSchema } }, async (request, reply) =>
    reply.status(201).send(await createServiceRequest(await ctx(request), request.body)),
  );
  r.get('/api/service-requests', { schema: { querystring: ServiceRequestListQuerySchema } }, async (request) =>
    listServiceRequests(await ctx(request), request.query.box),
  );
  r.patch(
    '/api/service-requests/:id',
    { schema: { params: IdParamSchema, body: UpdateServiceRequestSchema } },
    async (request) => updateServiceRequest(await ctx(request), request.params.id, request.body),
  );
}
