import { randomBytes } from 'node:crypto';
import fastifyCookie, { Signer } from '@fastify/cookie';
import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '#server/config.js';
import { param, preparedStatement, tableRowReader, type Db } from '#server/db/client.js';
import { sessions, users } from '#server/db/schema/index.js';

type UserRow = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyInstance {
    sessionStore: PostgresSessionStore;
  }
  interface FastifyRequest {
    session: Session;
    /** The session's user as read with the session; undefined or null: read it by id (http/context.ts). */
    sessionUserRow: UserRow | null | undefined;
  }
}

export const SESSION_COOKIE = 'sid';
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** A sliding session is pushed forward at most once a day, not written back on every request. */
export const SESSION_RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

/** What a session remembers (the `sess` column). */
export type SessionData = {
  userId?: string;
  renewedAt?: number;
  /** A sign-in through the OpenID provider under way (auth/oidc), refused at its callback after `expiresAt`. */
  oidc?: { state: string; nonce: string; codeVerifier: string; returnTo: string; expiresAt: number };
  /** The ID token of a session that came from the provider: the hint of its end-session request. */
  oidcIdToken?: string;
};

/** 24 random bytes, base64url: the same shape of id as @fastify/session gave, so stored sessions stay valid. */
function newSessionId(): string {
  return randomBytes(24).toString('base64url');
}

/** The known fields of a stored `sess` (older rows also carry @fastify/session's `cookie`, which is not read). */
function dataOf(sess: unknown): SessionData {
  const raw = (sess ?? {}) as Record<string, unknown>;
  const data: SessionData = {};
  if (typeof raw.userId === 'string') data.userId = raw.userId;
  if (typeof raw.renewedAt === 'number') data.renewedAt = raw.renewedAt;
  if (raw.oidc && typeof raw.oidc === 'object') data.oidc = raw.oidc as SessionData['oidc'];
  if (typeof raw.oidcIdToken === 'string') data.oidcIdToken = raw.oidcIdToken;
  return data;
}

/**
 * Sessions live in PostgreSQL (table sessions: sid, sess, expire, user_id), so any instance can serve any
 * user. Reading a session also reads its user in the same statement: one round trip per request, not two.
 */
export class PostgresSessionStore {
  /** Built once, run on every request (a named prepared statement on PostgreSQL), rows read straight into a user. */
  private readonly read;

  constructor(private readonly db: Db) {
    const user = tableRowReader(users);
    const statement = preparedStatement(
      'session_with_user',
      sql`select ${sessions.sess}, ${sessions.expire}, ${sql.join(user.columns, sql`, `)}
          from ${sessions} left join ${users} on ${users.id} = ${sessions.userId}
          where ${sessions.sid} = ${param('sid')}`,
      (row) => ({ sess: row[0], expire: Date.parse(row[1] as string), user: user.read(row, 2) }),
    );
    this.read = (sid: string) => statement(this.db, { sid });
  }

  /** The live session `sid` with its user, or null when there is none or it has expired. */
  async get(sid: string): Promise<{ data: SessionData; expires: number; user: UserRow | null } | null> {
    const [row] = await this.read(sid);
    const expires = row?.expire ?? 0;
    if (!row || !(expires > Date.now())) return null;
    return { data: dataOf(row.sess), expires, user: row.user };
  }

  async set(sid: string, data: SessionData, expires: number): Promise<void> {
    const sess = { ...data };
    const expire = new Date(expires);
    const userId = data.userId ?? null;
    await this.db
      .insert(sessions)
      .values({ sid, sess, expire, userId })
      .onConflictDoUpdate({ target: sessions.sid, set: { sess, expire, userId } });
  }

  async destroy(sid: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.sid, sid));
  }

  /** Expired rows are refused when read; this deletes them so the table does not grow for good (background/). */
  async prune(): Promise<void> {
    await this.db.delete(sessions).where(lt(sessions.expire, new Date()));
  }
}

/**
 * One request's session. Fields are read and assigned like plain properties; an assignment that changes
 * something marks the session for writing at the end of the request. A new session gets an id (a row and a
 * cookie) only once something is stored in it, never just because somebody visited (saveUninitialized false).
 */
export class Session {
  readonly #store: PostgresSessionStore;
  #data: SessionData;
  /** The stored id, or null while nothing is stored. */
  #id: string | null;
  #expires: number;
  /** Data or expiry the row does not have yet. */
  #changed = false;
  /** Id, expiry or signing secret the browser's cookie does not have yet. */
  #issued = false;

  constructor(store: PostgresSessionStore, id: string | null, data: SessionData, expires: number) {
    this.#store = store;
    this.#id = id;
    this.#data = data;
    this.#expires = expires;
  }

  get sessionId(): string | null {
    return this.#id;
  }
  get expires(): Date {
    return new Date(this.#expires);
  }
  /** The row must be written before the answer leaves. */
  get isChanged(): boolean {
    return this.#changed;
  }
  /** The browser must be sent a new cookie. */
  get isIssued(): boolean {
    return this.#issued && this.#id !== null;
  }

  get userId() {
    return this.#data.userId;
  }
  set userId(value) {
    this.#update('userId', value);
  }
  get renewedAt() {
    return this.#data.renewedAt;
  }
  get oidc() {
    return this.#data.oidc;
  }
  set oidc(value) {
    this.#update('oidc', value);
  }
  get oidcIdToken() {
    return this.#data.oidcIdToken;
  }
  set oidcIdToken(value) {
    this.#update('oidcIdToken', value);
  }

  #update<K extends keyof SessionData>(key: K, value: SessionData[K]) {
    if (this.#data[key] === value) return;
    if (value === undefined) delete this.#data[key];
    else this.#data[key] = value;
    this.#changed = true;
  }

  /** Pushes a signed-in session's expiry forward when its last push is more than a day old. */
  renewIfDue(now: number) {
    if (this.#id === null || !this.#data.userId) return;
    if (this.#expires - now >= SESSION_MAX_AGE_MS - SESSION_RENEW_AFTER_MS) return;
    this.#expires = now + SESSION_MAX_AGE_MS;
    this.#data.renewedAt = now;
    this.#changed = true;
    this.#issued = true;
  }

  /** The cookie is to be signed again with the current secret (it came signed with a previous one). */
  reissue() {
    this.#issued = true;
  }

  /** A new id with nothing in it; the old id is deleted, so whoever knew it holds nothing. */
  async regenerate(): Promise<void> {
    if (this.#id !== null) await this.#store.destroy(this.#id);
    this.#id = newSessionId();
    this.#data = {};
    this.#expires = Date.now() + SESSION_MAX_AGE_MS;
    this.#changed = true;
    this.#issued = true;
  }

  /** Writes the session now (a new session gets its id here). */
  async save(): Promise<void> {
    if (this.#id === null) {
      this.#id = newSessionId();
      this.#expires = Date.now() + SESSION_MAX_AGE_MS;
      this.#issued = true;
    }
    // With nobody signed in, a session holds at most a sign-in under way: it ends when that sign-in expires,
    // so a browser that never came back from the provider leaves no row for 30 days.
    const pending = this.#data.userId ? undefined : this.#data.oidc;
    if (pending && typeof pending.expiresAt === 'number' && this.#expires !== pending.expiresAt) {
      this.#expires = pending.expiresAt;
      this.#issued = true;
    }
    await this.#store.set(this.#id, this.#data, this.#expires);
    this.#changed = false;
  }

  /** Deletes the session; the request goes on with an empty one that is not stored. */
  async destroy(): Promise<void> {
    if (this.#id !== null) await this.#store.destroy(this.#id);
    this.#id = null;
    this.#data = {};
    this.#changed = false;
    this.#issued = false;
  }
}

/** The request came with a session cookie that names no live session (forged, expired or deleted). */
const staleCookie = Symbol('stale session cookie');
type WithStaleCookie = FastifyRequest & { [staleCookie]?: true };

/**
 * Server-side sessions in an HttpOnly, SameSite=Lax cookie `sid` (Secure over HTTPS in production), docs/contract.md
 * §1 and §3.5. The cookie holds the session id signed with HMAC-SHA256 by @fastify/cookie's Signer, the
 * format @fastify/session wrote, so existing cookies keep working; SESSION_SECRET signs, and a cookie signed
 * with one of SESSION_SECRET_PREVIOUS is still accepted and signed again with the current one. Per request:
 * one signature check and one statement (session and user); the row is written only when the session
 * changed, and a signed-in session's expiry slides forward at most once a day (decision 026).
 */
export async function registerSession(app: FastifyInstance, config: Config, db: Db) {
  const store = new PostgresSessionStore(db);
  const signer = new Signer([config.sessionSecret, ...config.previousSessionSecrets]);
  const secure = config.env === 'production' ? ('auto' as const) : false;
  app.decorate('sessionStore', store);
  app.decorateRequest('session', null as unknown as Session);
  app.decorateRequest('sessionUserRow', undefined);
  await app.register(fastifyCookie);

  app.addHook('onRequest', async (request: WithStaleCookie) => {
    const cookie = request.cookies[SESSION_COOKIE];
    const unsigned = cookie ? signer.unsign(cookie) : null;
    const found = unsigned?.valid ? await store.get(unsigned.value!) : null;
    if (!found) {
      request.session = new Session(store, null, {}, 0);
      if (cookie !== undefined) request[staleCookie] = true;
      return;
    }
    const session = new Session(store, unsigned!.value, found.data, found.expires);
    if (unsigned!.renew) session.reissue();
    session.renewIfDue(Date.now());
    request.session = session;
    request.sessionUserRow = found.user;
  });

  const sendCookie = (request: WithStaleCookie, reply: FastifyReply) => {
    // Null when a hook before the session's refused the request.
    const session = request.session as Session | null;
    if (session?.isIssued) {
      reply.setCookie(SESSION_COOKIE, signer.sign(session.sessionId!), {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        expires: session.expires,
      });
    } else if (request[staleCookie] && session?.sessionId === null) {
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
    }
  };

  // Added after @fastify/cookie's own onSend has run, so setCookie writes the header at once.
  app.addHook('onSend', (request: WithStaleCookie, reply, _payload, done) => {
    const session = request.session as Session | null;
    if (!session?.isChanged) {
      sendCookie(request, reply);
      return done();
    }
    session.save().then(() => {
      sendCookie(request, reply);
      done();
    }, done);
  });
}

/**
 * A new session id whenever who the session is changes (docs/contract.md §3.5: login, registration, upgrade to
 * provider), so an id known before is worth nothing after; then remember the user.
 */
export async function startSession(request: FastifyRequest, userId: string) {
  await request.session.regenerate();
  request.session.userId = userId;
  await request.session.save();
}
