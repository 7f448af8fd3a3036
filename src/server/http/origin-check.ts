import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appOrigin } from '#server/http/context.js';
import type { Config } from '#server/config.js';
import { AppError } from '#server/http/errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// Callers with their own authentication (a signature), not a browser session: Stripe's webhook, and the
// one-click unsubscribe a mail client POSTs with a signed token and no Origin (RFC 8058, docs/contract.md §3.7).
const EXEMPT_PATHS = ['/api/stripe/webhook', '/api/email/unsubscribe'];

function isCrossSite(request: FastifyRequest, config: Config): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (EXEMPT_PATHS.includes(request.url.split('?')[0]!)) return false;
  const origin = request.headers.origin;
  if (origin !== undefined) return origin !== appOrigin(request, config);
  // Browsers that omit Origin still say where a request came from.
  return request.headers['sec-fetch-site'] === 'cross-site';
}

/**
 * Cross-site protection (docs/contract.md §1): a mutation whose Origin is not the app's own is refused
 * with 403 before any handler runs. SameSite=Lax cookies are the second line.
 */
export function registerOriginCheck(app: FastifyInstance, config: Config) {
  app.addHook('onRequest', (request, _reply, done) => {
    done(isCrossSite(request, config) ? new AppError('forbidden_origin') : undefined);
  });
}
