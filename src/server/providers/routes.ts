import type { FastifyInstance } from 'fastify';
import { ctx } from '#server/http/context.js';
import { startSession } from '#server/http/session.js';
import { upgradeToProvider } from './service.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UpgradeToProviderAnswer } from '#shared/answers/auth.js';

export async function providerRoutes(app: FastifyInstance) {
  // Under /api/auth because the spec names it so (§7); the rule belongs to providers.
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/auth/upgrade-to-provider',
    { schema: { response: { 200: UpgradeToProviderAnswer } } },
    async (request) => {
      const result = await upgradeToProvider(await ctx(request));
      // A new role is a new privilege: a new session id (docs/contract.md §3.5).
      await startSession(request, result.user.id);
      return result;
    },
  );
}
