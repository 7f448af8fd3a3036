import type { FastifyInstance } from 'fastify';

export async function zipRoutes(_app: FastifyInstance) {}
