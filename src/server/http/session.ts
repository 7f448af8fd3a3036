import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import { eq, lt } from 'drizzle-orm';
import type { FastifyInstance, Session } from 'fastify';
import type { Config } from '#server/config.js';
import type { Db } from '#server/db/client.js';
import { sessions } from '#server/db/schema/index.js';

declare module 'fastify' {
  interface Session {
    userId?: string;
    renewedAt?: number;
    oidc?: { state: string; nonce: string; codeVerifier: string; returnTo?: string };
  }
}

export const SESSION_COOKIE = 'sid';
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** A sliding session is pushed forward at most once a day, not written back on every request. */
export const SESSION_RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

type Callback = (err?: unknown) => void;

/** Sessions live in PostgreSQL (table sessions: sid, sess, expire), so any instance can serve any user. */
export class PostgresSessionStore {
  constructor(private readonly db: Db) {}

  set(sid: string, session: Session, callback: Callback) {
    const raw = session.cookie.expires;
    const expire = raw ? new Date(raw) : new Date(Date.now() + SESSION_MAX_AGE_MS);
    const sess = JSON.parse(JSON.stringify(session)) as Record<string, unknown>;
    const userId = typeof session.userId === 'string' ? session.userId : null;
    this.db
      .insert(sessions)
      .values({ sid, sess, expire, userId })
      .onConflictDoUpdate({ target: sessions.sid, set: { sess, expire, userId } })
      .then(() => callback(), callback);
  }

  get(sid: string, callback: (err: unknown, session?: Session | null) => void) {
    this.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sid))
      .then(([row]) => {
        if (!row || row.expire.getTime() <= Date.now()) return callback(null, null);
        callback(null, row.sess as Session);
      }, callback);
  }

  destroy(sid: string, callback: Callback) {
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(() => callback(), callback);
  }

  async prune(): Promise<void> {
    await this.db.delete(sessions).where(lt(sessions.expire, new Date()));
  }
}

export async function registerSession(app: FastifyInstance, config: Config, db: Db) {
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: config.sessionSecret,
    cookieName: SESSION_COOKIE,
    saveUninitialized: false,
    store: new PostgresSessionStore(db),
    rolling: false,
    cookie: {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      // Secure whenever the request arrived over HTTPS (directly or through a trusted proxy) in production.
      secure: config.env === 'production' ? 'auto' : false,
      maxAge: SESSION_MAX_AGE_MS,
    },
  });
  app.addHook('preHandler', async (request) => {
    const session = request.session;
    const expires = session?.cookie.expires;
    if (!session?.userId || !expires) return;
    if (expires.getTime() - Date.now() < SESSION_MAX_AGE_MS - SESSION_RENEW_AFTER_MS) {
      session.touch();
      session.set('renewedAt', Date.now());
    }
  });
}
