import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DecideDisputeSchema,
  DISPUTE_STATUSES,
  DisputeBidSchema,
  MyBidsQuerySchema,
  PlaceBidSchema,
  ReviseBidSchema,
} from '#shared/bids.js';
import { ctx } from '#server/http/context.js';
import { pagedAnswer, pageReply } from '#server/http/paging.js';
import { declineBid, getIntelligence, listJobBids, listMyBids, myBidStats, placeBid, reviseBid } from './service.js';
import { decideDispute, disputeBid, listDisputeQueue, listMyDisputes } from './disputes.js';
import {
  AdminDisputeAnswer,
  BidAnswer,
  CompetitiveIntelligenceAnswer,
  DisputeAnswer,
  MyBidAnswer,
  MyBidStatsAnswer,
  MyDisputeAnswer,
} from '#shared/answers/bids.js';

// Any string: a malformed id is a 404 job_not_found from the service, never a 400 or a 500.
const JobParams = z.object({ id: z.string() });

export async function bidRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/jobs/:id/bids',
    { schema: { params: JobParams, body: PlaceBidSchema, response: { 201: BidAnswer } }, config: { limits: ['bids'] } },
    async (request, reply) => {
      const bid = await placeBid(await ctx(request), request.params.id, request.body);
      return reply.status(201).send(bid);
    },
  );

  r.get(
    '/api/jobs/:id/bids',
    { schema: { params: JobParams, response: { 200: z.array(BidAnswer) } } },
    async (request) => listJobBids(await ctx(request), request.params.id),
  );

  // The owner's 'Not for me' (docs/contract.md §3.9).
  r.post(
    '/api/jobs/:id/bids/:bidId/decline',
    { schema: { params: JobParams.extend({ bidId: z.string() }), response: { 200: BidAnswer } } },
    async (request) => declineBid(await ctx(request), request.params.id, request.params.bidId),
  );

  // The caller's own bid on the job: a provider has at most one (docs/contract.md §4.7), so "mine" names it.
  r.patch(
    '/api/jobs/:id/bids/mine',
    { schema: { params: JobParams, body: ReviseBidSchema, response: { 200: BidAnswer } } },
    async (request) => reviseBid(await ctx(request), request.params.id, request.body),
  );

  r.get(
    '/api/jobs/:id/intelligence',
    { schema: { params: JobParams, response: { 200: CompetitiveIntelligenceAnswer } } },
    async (request) => getIntelligence(await ctx(request), request.params.id),
  );

  // A page, newest first; X-Next-Before names the next one (docs/contract.md §3.3, decision 045); `jobIds` keeps the
  // bids on those jobs (decision 048).
  r.get(
    '/api/my-bids',
    {
      config: { replicaReads: true, ...pagedAnswer },
      schema: { querystring: MyBidsQuerySchema, response: { 200: z.array(MyBidAnswer) } },
    },
    async (request, reply) => {
      const page = await listMyBids(await ctx(request), request.query);
      return pageReply(reply, page).send(page.items);
    },
  );

  // The dashboard's counts over every bid, whatever page of them it shows (docs/contract.md §3.3).
  r.get(
    '/api/my-bids/stats',
    { config: { replicaReads: true }, schema: { response: { 200: MyBidStatsAnswer } } },
    async (request) => myBidStats(await ctx(request)),
  );

  // Disputes (docs/contract.md §3.9, docs/decisions/041-bid-disputes.md): the bid's provider, then an operator.
  r.post(
    '/api/bids/:bidId/dispute',
    {
      schema: { params: z.object({ bidId: z.string() }), body: DisputeBidSchema, response: { 201: DisputeAnswer } },
    },
    async (request, reply) =>
      reply.status(201).send(await disputeBid(await ctx(request), request.params.bidId, request.body)),
  );

  r.get('/api/my-disputes', { schema: { response: { 200: z.array(MyDisputeAnswer) } } }, async (request) =>
    listMyDisputes(await ctx(request)),
  );

  r.get(
    '/api/admin/disputes',
    {
      schema: {
        querystring: z.object({ status: z.enum(DISPUTE_STATUSES).optional() }),
        response: { 200: z.array(AdminDisputeAnswer) },
      },
    },
    async (request) => listDisputeQueue(await ctx(request), request.query.status),
  );

  r.post(
    '/api/admin/disputes/:id/decide',
    { schema: { params: z.object({ id: z.string() }), body: DecideDisputeSchema, response: { 200: DisputeAnswer } } },
    async (request) => decideDispute(await ctx(request), request.params.id, request.body),
  );
}
