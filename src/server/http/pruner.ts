import type { FastifyInstance } from 'fastify';

/**
 * Runs `prune` every `everyMs` in this instance until the app closes (rows nothing reads again: ended rate-limit
 * windows, expired sessions). Every instance runs it; a delete of what is already gone costs nothing. A failure
 * is logged and tried again next time.
 */
export function pruneEvery(app: FastifyInstance, everyMs: number, what: string, prune: () => Promise<void>) {
  const timer = setInterval(() => {
    prune().catch((error: unknown) => app.log.warn({ err: error }, `${what} not pruned`));
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
