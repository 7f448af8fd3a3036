import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CreateJobSchema, JobIdParamSchema, JobListQuerySchema } from '#shared/jobs.js';
import { ctx, publicCtx } from '#server/http/context.js';
import { sendJson } from '#server/http/openapi.js';
import { serializeJob, serializeJobs } from './job-serializer.js';
import { createJob, getJob, listCategories, listMyJobs, listOpenJobs } from './service.js';
import { z } from 'zod';
import { CategoryAnswer, JobAnswer } from '#shared/answers/jobs.js';

export async function jobRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/categories',
    { config: { public: true, replicaReads: true }, schema: { response: { 200: z.array(CategoryAnswer) } } },
    async (request) => listCategories(await publicCtx(request)),
  );

  // The hottest reads answer with a serialiser compiled once from the Job schema (job-serializer.ts).
  r.get(
    '/api/jobs',
    {
      config: { replicaReads: true },
      schema: { querystring: JobListQuerySchema, response: { 200: z.array(JobAnswer) } },
    },
    async (request, reply) => sendJson(reply, serializeJobs(await listOpenJobs(await ctx(request), request.query))),
  );

  r.post('/api/jobs', { schema: { body: CreateJobSchema, response: { 201: JobAnswer } } }, async (request, reply) => {
    const job = await createJob(await ctx(request), request.body);
    return reply.status(201).send(job);
  });

  r.get(
    '/api/my-jobs',
    {
      config: { replicaReads: true },
      schema: { querystring: JobListQuerySchema, response: { 200: z.array(JobAnswer) } },
    },
    async (request) => listMyJobs(await ctx(request), request.query),
  );

  r.get(
    '/api/jobs/:id',
    { config: { replicaReads: true }, schema: { params: JobIdParamSchema, response: { 200: JobAnswer } } },
    async (request, reply) => sendJson(reply, serializeJob(await getJob(await ctx(request), request.params.id))),
  );
}
