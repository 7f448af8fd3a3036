import type { FastifyInstance } from 'fastify';

export async function jobRoutes(_app: FastifyInstance) {}
