import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, Session } from 'fastify';
import type { Config } from '#server/config.js';
import type { Db } from '#server/db/client.js';
import { sessions, users } from '#server/db/schema/index.js';

type UserRow = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyInstance {
    sessionStore: PostgresSessionStore;
  }
  interface FastifyRequest {
    /** The session's user as read with the session; undefined or null: read it by id (http/context.ts). */
    sessionUserRow: UserRow | null | undefined;
  }
  interface Session {
    userId?: string;
    renewedAt?: number;
    /** A sign-in through the OpenID provider under way (auth/oidc). */
    oidc?: { state: string; nonce: string; codeVerifier: string; returnTo: string };
    /** The ID token of a session that came from the provider: the hint of its end-session request. */
    oidcIdToken?: string;
  }
}

export const SESSION_COOKIE = 'sid';
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** A sliding session is pushed forward at most once a day, not written back on every request. */
export const SESSION_RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

type Callback = (err?: unknown) => void;

/** A store that is never drained (a request that fails between two hooks) is cleared past this size. */
const PRELOADED_USERS_MAX = 10_000;

/**
 * Sessions live in PostgreSQL (table sessions: sid, sess, expire, user_id), so any instance can serve any
 * user. Reading a session also reads its user in the same statement (one round trip per request, not
 * two): the row waits in `preloaded` until the request's next hook takes it (registerSession).
 */
export class PostgresSessionStore {
  private readonly preloaded = new Map<string, UserRow | null>();
  /** Built once, run on every request (a named prepared statement on PostgreSQL). */
  private readonly read;

  constructor(private readonly db: Db) {
    this.read = db
      .select({ sess: sessions.sess, expire: sessions.expire, user: users })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.sid, sql.placeholder('sid')))
      .prepare('session_with_user');
  }

  /** The user read with session `sid`, once; undefined when that read did not happen. */
  takeUser(sid: string): UserRow | null | undefined {
    const user = this.preloaded.get(sid);
    this.preloaded.delete(sid);
    return user;
  }

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
    this.read.execute({ sid }).then(([row]) => {
      if (!row || row.expire.getTime() <= Date.now()) return callback(null, null);
      if (this.preloaded.size >= PRELOADED_USERS_MAX) this.preloaded.clear();
      this.preloaded.set(sid, row.user);
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
  const store = new PostgresSessionStore(db);
  app.decorate('sessionStore', store);
  app.decorateRequest('sessionUserRow', undefined);
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: config.sessionSecret,
    cookieName: SESSION_COOKIE,
    saveUninitialized: false,
    store,
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
  // Runs right after the session plugin's own onRequest hook read the session (and its user).
  app.addHook('onRequest', async (request) => {
    const sid = request.session?.sessionId;
    if (sid) request.sessionUserRow = store.takeUser(sid);
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

/**
 * A new session id whenever who the session is changes (DESIGN.md §3.5: login, registration, upgrade to
 * provider), so an id known before is worth nothing after; then remember the user.
 */
export async function startSession(request: FastifyRequest, userId: string) {
  await request.session.regenerate();
  request.session.userId = userId;
  await request.session.save();
}
