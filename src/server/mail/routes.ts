import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '#server/db/schema/index.js';
import { AppError } from '#server/http/errors.js';
import { readUnsubscribeToken, UNSUBSCRIBE_PATH } from './unsubscribe.js';

/**
 * One-click unsubscribe (RFC 8058). The mail client POSTs `List-Unsubscribe=One-Click` with no session
 * and no Origin: the signed token in the URL is the authority. It is the one mutation exempt from the
 * same-origin rule (http/origin-check.ts).
 */
export async function mailRoutes(app: FastifyInstance) {
  // Mail clients send the RFC 8058 body form-encoded; this plugin alone reads that type (and ignores it).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(UNSUBSCRIBE_PATH, { config: { public: true } }, async (request, reply) => {
    const { token } = request.query as { token?: string };
    const target = token ? readUnsubscribeToken(app.config.sessionSecret, token) : null;
    if (!target) throw new AppError('invalid_token');
    await app.db
      .update(users)
      .set({
        emailNotifications: sql`${users.emailNotifications} || jsonb_build_object(${target.kind}::text, false)`,
      } as never)
      .where(eq(users.id, target.userId));
    return reply.status(200).send({ unsubscribed: target.kind });
  });
}
