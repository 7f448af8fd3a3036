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
import { z } from 'zod';
import { ServiceRequestAnswer } from '#shared/answers/service-requests.js';

export async function serviceRequestRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/service-requests',
    { schema: { body: CreateServiceRequestSchema, response: { 201: ServiceRequestAnswer } } },
    async (request, reply) => reply.status(201).send(await createServiceRequest(await ctx(request), request.body)),
  );
  r.get(
    '/api/service-requests',
    { schema: { querystring: ServiceRequestListQuerySchema, response: { 200: z.array(ServiceRequestAnswer) } } },
    async (request) => listServiceRequests(await ctx(request), request.query.box),
  );
  r.patch(
    '/api/service-requests/:id',
    { schema: { params: IdParamSchema, body: UpdateServiceRequestSchema, response: { 200: ServiceRequestAnswer } } },
    async (request) => updateServiceRequest(await ctx(request), request.params.id, request.body),
  );
}
