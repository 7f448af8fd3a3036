import type { FastifyInstance } from 'fastify';
import { appOrigin } from '#server/http/context.js';
import type { Config } from '#server/config.js';
import { AppError } from '#server/http/errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// Callers with their own authentication (a signature), not a browser session: Stripe's webhook, and the
// one-click unsubscribe a mail client POSTs with a signed token and no Origin (RFC 8058, DESIGN.md §3.7).
const EXEMPT_PATHS = ['/api/stripe/webhook', '/api/email/unsubscribe'];

/**
 * Cross-site protection (DESIGN.md §1): a mutation whose Origin is not the app's own is refused
 * with 403 before any handler runs. SameSite=Lax cookies are the second line.
 */
export function registerOriginCheck(app: FastifyInstance, config: Config) {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (EXEMPT_PATHS.includes(request.url.split('?')[0]!)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (origin !== appOrigin(request, config)) throw new AppError('forbidden_origin');
      return;
    }
    // Browsers that omit Origin still say where a request came from.
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('forbidden_origin');
  });
}
