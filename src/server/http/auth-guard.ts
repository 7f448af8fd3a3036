import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { sessionUser } from '#server/http/context.js';
import { AppError } from '#server/http/errors.js';
import { DOCS_PATH } from '#server/http/openapi.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A logged-out caller may call this /api route; every other one answers 401 first. */
    public?: boolean;
  }
  interface FastifyInstance {
    /** Every route as declared (method, url, whether it is public): the input battery walks it. */
    routeList: { method: string; url: string; isPublic: boolean; route: RouteOptions }[];
  }
}

function requireUser(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) {
  // Known without waiting when the session hook read the user with the session (every signed-in request).
  const preloaded = request.sessionUserRow;
  if (preloaded && preloaded.id === request.session?.userId) return done();
  sessionUser(request).then((user) => done(user ? undefined : new AppError('unauthorized')), done);
}

/**
 * Protected unless declared public: every /api route not marked `config.public` answers 401 to a
 * logged-out caller before its body is read or validated, whatever the body (issue 21). Services still
 * ask for the user (http/context.ts ctx), so this is the first line, not the only one.
 */
export function registerAuthGuard(app: FastifyInstance) {
  app.decorate('routeList', []);
  app.addHook('onRoute', (route) => {
    // The docs page (development only) is a plugin's routes, which cannot say `public` themselves.
    const isDocsPage = route.url === DOCS_PATH || route.url.startsWith(`${DOCS_PATH}/`);
    const isPublic = route.config?.public === true || !route.url.startsWith('/api/') || isDocsPage;
    for (const method of [route.method].flat()) app.routeList.push({ method, url: route.url, isPublic, route });
    if (isPublic) return;
    const own = route.onRequest;
    route.onRequest = own === undefined ? [requireUser] : [requireUser, ...[own].flat()];
  });
}
