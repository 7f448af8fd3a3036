import type { FastifyInstance } from 'fastify';

export async function providerRoutes(_app: FastifyInstance) {}
