import type { FastifyInstance } from 'fastify';

export async function bidRoutes(_app: FastifyInstance) {}
