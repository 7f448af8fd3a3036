import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateMilestoneSchema,
  CreateReviewSchema,
  TrackingQuerySchema,
  UpdateJobStatusSchema,
  UpdateMilestoneSchema,
} from '#shared/projects.js';
import { ctx } from '#server/http/context.js';
import { acceptBid, updateJobStatus } from './lifecycle.js';
import { addMilestone, completeMilestone, listMilestones } from './milestones.js';
import { createReview } from './reviews.js';
import { listTrackedJobs } from './tracking.js';
import {
  BidAcceptedAnswer,
  JobStatusChangedAnswer,
  MilestoneAnswer,
  ReviewAnswer,
  TrackedJobAnswer,
} from '#shared/answers/projects.js';

// Any string: a malformed id is a 404 from the service, never a 400 or a 500.
const JobParams = z.object({ id: z.string() });
const BidParams = JobParams.extend({ bidId: z.string() });
const MilestoneParams = JobParams.extend({ milestoneId: z.string() });

/** Hiring, the job lifecycle, milestones, reviews and tracking (docs/contract.md §3.4). */
export async function projectRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/jobs/tracking',
    { schema: { querystring: TrackingQuerySchema, response: { 200: z.array(TrackedJobAnswer) } } },
    async (request) => listTrackedJobs(await ctx(request), request.query.status),
  );

  r.post(
    '/api/jobs/:id/bids/:bidId/accept',
    { schema: { params: BidParams, response: { 200: BidAcceptedAnswer } } },
    async (request) => acceptBid(await ctx(request), request.params.id, request.params.bidId),
  );

  r.patch(
    '/api/jobs/:id/status',
    { schema: { params: JobParams, body: UpdateJobStatusSchema, response: { 200: JobStatusChangedAnswer } } },
    async (request) => updateJobStatus(await ctx(request), request.params.id, request.body),
  );

  r.get(
    '/api/jobs/:id/milestones',
    { schema: { params: JobParams, response: { 200: z.array(MilestoneAnswer) } } },
    async (request) => listMilestones(await ctx(request), request.params.id),
  );

  r.post(
    '/api/jobs/:id/milestones',
    { schema: { params: JobParams, body: CreateMilestoneSchema, response: { 201: MilestoneAnswer } } },
    async (request, reply) => {
      const milestone = await addMilestone(await ctx(request), request.params.id, request.body);
      return reply.status(201).send(milestone);
    },
  );

  r.patch(
    '/api/jobs/:id/milestones/:milestoneId',
    { schema: { params: MilestoneParams, body: UpdateMilestoneSchema, response: { 200: MilestoneAnswer } } },
    async (request) => completeMilestone(await ctx(request), request.params.id, request.params.milestoneId),
  );

  r.post(
    '/api/jobs/:id/review',
    { schema: { params: JobParams, body: CreateReviewSchema, response: { 201: ReviewAnswer } } },
    async (request, reply) => {
      const review = await createReview(await ctx(request), request.params.id, request.body);
      return reply.status(201).send(review);
    },
  );
}
