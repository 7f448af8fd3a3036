import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminListQuerySchema,
  BusinessProfileSchema,
  CapabilitySchema,
  CredentialSchema,
  IdParamSchema,
  ItemIdParamSchema,
  PortfolioItemSchema,
  ProviderSearchQuerySchema,
  ServiceAreaSchema,
} from '#shared/business-profiles.js';
import { ctx } from '#server/http/context.js';
import {
  deleteArea,
  deleteCapability,
  deleteCredential,
  deletePortfolioItem,
  saveArea,
  saveCapability,
  saveCredential,
  savePortfolioItem,
} from './items.js';
import { searchProviders } from './search.js';
import { createBusinessProfile, getOwnBusinessProfile, updateBusinessProfile } from './service.js';
import { getShowcase } from './showcase.js';
import {
  listCredentialsForReview,
  listProfilesForReview,
  verifyBusinessProfile,
  verifyCredential,
} from './verification.js';
import { z } from 'zod';
import {
  AdminBusinessProfileAnswer,
  AdminCredentialAnswer,
  BusinessProfileAnswer,
  CredentialAnswer,
  PortfolioItemAnswer,
  ProviderSearchResultAnswer,
  ProviderShowcaseAnswer,
  ServiceAreaAnswer,
  ServiceCapabilityAnswer,
} from '#shared/answers/business-profiles.js';
import { noBody } from '#shared/answers/common.js';
import { sendJson } from '#server/http/openapi.js';
import { sharedAnswer, SharedAnswers } from '#server/http/read-routing.js';

const params = ItemIdParamSchema;
/** How many search answers an instance keeps at most (decision 057). */
const SHARED_SEARCH_ANSWERS = 1_000;

// The four lists of docs/contract.md §3.2, each with POST (201), PUT /{itemId} and DELETE /{itemId} (204).
const LISTS = [
  {
    path: 'capabilities',
    schema: CapabilitySchema,
    answer: ServiceCapabilityAnswer,
    save: saveCapability,
    remove: deleteCapability,
  },
  { path: 'areas', schema: ServiceAreaSchema, answer: ServiceAreaAnswer, save: saveArea, remove: deleteArea },
  {
    path: 'credentials',
    schema: CredentialSchema,
    answer: CredentialAnswer,
    save: saveCredential,
    remove: deleteCredential,
  },
  {
    path: 'portfolio',
    schema: PortfolioItemSchema,
    answer: PortfolioItemAnswer,
    save: savePortfolioItem,
    remove: deletePortfolioItem,
  },
] as const;

export async function businessProfileRoutes(app: FastifyInstance) {
  // This instance's search answers shared on the replica's path (decision 057): a page of results is some 30 kB.
  const searchAnswers = new SharedAnswers<{ total: number; capped: boolean; body: string }>(SHARED_SEARCH_ANSWERS);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/business-profile', { schema: { response: { 200: BusinessProfileAnswer } } }, async (request) =>
    getOwnBusinessProfile(await ctx(request)),
  );
  r.post(
    '/api/business-profile',
    { schema: { body: BusinessProfileSchema, response: { 201: BusinessProfileAnswer } } },
    async (request, reply) => reply.status(201).send(await createBusinessProfile(await ctx(request), request.body)),
  );

  for (const list of LISTS) {
    const base = `/api/business-profile/${list.path}`;
    const save = list.save as (
      c: Awaited<ReturnType<typeof ctx>>,
      id: string | null,
      input: unknown,
    ) => Promise<z.infer<typeof list.answer>>;
    r.post(base, { schema: { body: list.schema, response: { 201: list.answer } } }, async (request, reply) =>
      reply.status(201).send(await save(await ctx(request), null, request.body)),
    );
    r.put(
      `${base}/:itemId`,
      { schema: { params, body: list.schema, response: { 200: list.answer } } },
      async (request) => save(await ctx(request), request.params.itemId, request.body),
    );
    r.delete(
      `${base}/:itemId`,
      { schema: { params, response: { 204: noBody('Deleted') } } },
      async (request, reply) => {
        await list.remove(await ctx(request), request.params.itemId);
        return reply.status(204).send();
      },
    );
  }

  // After the list routes: '/api/business-profile/:id' would otherwise shadow nothing, but reads clearer here.
  r.put(
    '/api/business-profile/:id',
    { schema: { params: IdParamSchema, body: BusinessProfileSchema, response: { 200: BusinessProfileAnswer } } },
    async (request) => updateBusinessProfile(await ctx(request), request.params.id, request.body),
  );

  // One prepared statement per query shape (issue 16). JSON.stringify, not a schema serialiser: on these large
  // answers it allocates half as much for the same CPU, and garbage is what the app pays most for (decision 029).
  r.get(
    '/api/providers/search',
    {
      config: { replicaReads: true },
      schema: {
        querystring: ProviderSearchQuerySchema,
        response: {
          200: z
            .array(ProviderSearchResultAnswer)
            .describe(
              'One page of results; X-Total-Count carries the total, counted up to 1,000 ' +
                '(X-Total-Count-Capped: true when there are more: the pages stop there)',
            ),
        },
      },
    },
    async (request, reply) => {
      const context = await ctx(request);
      // Every reader gets the same answer to the same search: on the replica's path, one read serves them all for as
      // long as the replica's own answer could be that old (decision 057).
      const { total, capped, body } = await sharedAnswer(
        request,
        searchAnswers,
        JSON.stringify(request.query),
        async () => {
          const { total, capped, providers } = await searchProviders(context, request.query);
          return { total, capped, body: JSON.stringify(providers) };
        },
      );
      // Past SEARCH_TOTAL_CAP matches the total is the cap, and says it is a floor (decision 047).
      if (capped) reply.header('x-total-count-capped', 'true');
      return sendJson(reply.header('x-total-count', String(total)), body);
    },
  );

  r.get(
    '/api/provider/:id/showcase',
    { config: { replicaReads: true }, schema: { params: IdParamSchema, response: { 200: ProviderShowcaseAnswer } } },
    async (request) => getShowcase(await ctx(request), request.params.id),
  );

  r.get(
    '/api/admin/business-profiles',
    { schema: { querystring: AdminListQuerySchema, response: { 200: z.array(AdminBusinessProfileAnswer) } } },
    async (request) => listProfilesForReview(await ctx(request), request.query.verified),
  );
  r.post(
    '/api/admin/business-profiles/:id/verify',
    { schema: { params: IdParamSchema, response: { 200: AdminBusinessProfileAnswer } } },
    async (request) => verifyBusinessProfile(await ctx(request), request.params.id),
  );
  r.get(
    '/api/admin/credentials',
    { schema: { querystring: AdminListQuerySchema, response: { 200: z.array(AdminCredentialAnswer) } } },
    async (request) => listCredentialsForReview(await ctx(request), request.query.verified),
  );
  r.post(
    '/api/admin/credentials/:id/verify',
    { schema: { params: IdParamSchema, response: { 200: AdminCredentialAnswer } } },
    async (request) => verifyCredential(await ctx(request), request.params.id),
  );
}
