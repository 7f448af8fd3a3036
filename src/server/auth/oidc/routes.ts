import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { safeReturnTo } from '#shared/return-to.js';
import { SESSION_COOKIE, startSession } from '#server/http/session.js';
import {
  accountForIdentity,
  beginLogin,
  endSessionUrl,
  finishLogin,
  livePendingLogin,
  oidcDiscovery,
  OidcError,
} from './service.js';
import { noBody } from '#shared/answers/common.js';

/** The app's origin for redirects: PUBLIC_URL behind a proxy, else the request's own scheme and host. */
function originOf(request: FastifyRequest): string {
  return request.server.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

function failed(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  const code = error instanceof OidcError ? error.code : 'oidc_failed';
  request.log.warn({ err: error, code }, 'sign-in through the OpenID provider failed');
  return reply.redirect(`/login?error=${code}`, 302);
}

/**
 * Sign-in and sign-out (docs/contract.md §3, §3.6): through the OpenID Connect provider when OIDC_* are set,
 * else the built-in /login page. One room (STYLE habit 14), registered once in app.ts.
 */
export async function oidcRoutes(app: FastifyInstance) {
  const oidc = app.config.oidc;
  const discover = oidc ? oidcDiscovery(oidc) : null;
  const isPublic = { config: { public: true } };
  const redirects = (to: string) => ({ ...isPublic, schema: { response: { 302: noBody(to) } } });

  const loginRoute = {
    ...isPublic,
    schema: {
      querystring: z.object({ returnTo: z.string().optional() }),
      response: { 302: noBody('To the OpenID provider when configured, else to the built-in /login page') },
    },
  };
  app.get<{ Querystring: { returnTo?: string } }>('/api/login', loginRoute, async (request, reply) => {
    if (!discover) {
      const returnTo = safeReturnTo(request.query.returnTo);
      return reply.redirect(returnTo === '/' ? '/login' : `/login?returnTo=${encodeURIComponent(returnTo)}`, 302);
    }
    try {
      const { url, pending } = await beginLogin(
        await discover(),
        `${originOf(request)}/api/callback`,
        request.query.returnTo,
      );
      request.session.oidc = pending;
      await request.session.save();
      return reply.redirect(url.href, 302);
    } catch (error) {
      return failed(request, reply, error);
    }
  });

  app.get(
    '/api/callback',
    redirects('Signed in: to returnTo or /; a failure: to /login?error=<code>'),
    async (request, reply) => {
      const pending = livePendingLogin(request.session.oidc);
      // A pending sign-in is used once, whatever happens next (an expired one is dropped too).
      request.session.oidc = undefined;
      if (!discover || !pending) return failed(request, reply, new OidcError('oidc_failed'));
      try {
        const configuration = await discover();
        const { claims, idToken, issuer } = await finishLogin(
          configuration,
          new URL(request.url, originOf(request)),
          pending,
        );
        const user = await accountForIdentity(app.db, issuer, claims);
        await startSession(request, user.id);
        request.session.oidcIdToken = idToken;
        await request.session.save();
        return reply.redirect(pending.returnTo, 302);
      } catch (error) {
        await request.session.save();
        return failed(request, reply, error);
      }
    },
  );

  app.get(
    '/api/logout',
    redirects('Signed out: to the provider’s end-session endpoint, or to /'),
    async (request, reply) => {
      const idToken = request.session.oidcIdToken;
      if (request.session.userId || request.session.oidc) await request.session.destroy();
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      if (discover && idToken) {
        try {
          const url = endSessionUrl(await discover(), idToken, `${originOf(request)}/`);
          if (url) return reply.redirect(url.href, 302);
        } catch (error) {
          request.log.warn({ err: error }, 'the provider’s end-session endpoint is out of reach');
        }
      }
      return reply.redirect('/', 302);
    },
  );
}
