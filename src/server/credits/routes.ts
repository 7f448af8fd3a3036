import type { FastifyInstance } from 'fastify';
import { listCreditPackages } from './service.js';

export async function creditRoutes(app: FastifyInstance) {
  app.get('/api/credits/packages', async () => listCreditPackages());
}
