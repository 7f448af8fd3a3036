import type { FastifyInstance } from 'fastify';
import { ctx } from '#server/http/context.js';
import { upgradeToProvider } from './service.js';

export async function providerRoutes(app: FastifyInstance) {
  // Under /api/auth because the spec names it so (§7); the rule belongs to providers.
  app.post('/api/auth/upgrade-to-provider', async (request) => upgradeToProvider(await ctx(request)));
}
