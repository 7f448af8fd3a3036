import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '#server/config.js';
import type { Db, DbOrTx } from '#server/db/client.js';
import { users } from '#server/db/schema/index.js';
import { AppError } from '#server/http/errors.js';
import { databaseFor } from '#server/http/read-routing.js';
import { linkOrigin } from '#server/mail/index.js';

export type UserRow = typeof users.$inferSelect;

/** What every service function receives first: who asks, and where to read and write. */
export type Ctx = {
  db: DbOrTx;
  config: Config;
  log: FastifyBaseLogger;
  user: UserRow;
  /** The app's origin for links (emails, pushes): PUBLIC_URL, else a loopback Host, else localhost (mail/link-origin.ts). */
  origin: string;
};
export type PublicCtx = Omit<Ctx, 'user'> & { user: UserRow | null };

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
  }
  interface FastifyRequest {
    currentUser: Promise<UserRow | null> | null;
  }
}

async function loadUser(request: FastifyRequest): Promise<UserRow | null> {
  const userId = request.session?.userId;
  if (!userId) return null;
  // Usually read together with the session (http/session.ts); a session saved in this request is read here.
  const preloaded = request.sessionUserRow;
  if (preloaded && preloaded.id === userId) return preloaded;
  const [user] = await request.server.db.select().from(users).where(eq(users.id, userId));
  return user ?? null;
}

/** The session's user, read once per request. */
export function sessionUser(request: FastifyRequest): Promise<UserRow | null> {
  request.currentUser ??= loadUser(request);
  return request.currentUser;
}

/** The origin a request is served on (the same-origin rule, http/origin-check.ts): never for links. */
export function appOrigin(request: FastifyRequest, config: Config): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}

/**
 * Where links written for this request point: its own Host header (request.host would follow
 * X-Forwarded-Host under TRUST_PROXY) through linkOrigin, which keeps it only when it is a loopback name.
 */
export function requestLinkOrigin(request: FastifyRequest, config: Config): string {
  return linkOrigin(config, `${request.protocol}://${request.headers.host ?? ''}`);
}

/** The app's origin when no request caused the work (a timer's emails): PUBLIC_URL, else this instance. */
export function backgroundOrigin(config: Config): string {
  return linkOrigin(config);
}

export async function publicCtx(request: FastifyRequest): Promise<PublicCtx> {
  const { config } = request.server;
  return {
    db: databaseFor(request),
    config,
    log: request.log,
    user: await sessionUser(request),
    origin: requestLinkOrigin(request, config),
  };
}

/** Context of a logged-in caller; 401 {"message":"Unauthorized"} otherwise. */
export async function ctx(request: FastifyRequest): Promise<Ctx> {
  const base = await publicCtx(request);
  if (!base.user) throw new AppError('unauthorized');
  return { ...base, user: base.user };
}

/** An operator: listed in ADMIN_EMAILS and proven to own that address (docs/decisions/031-email-verification.md). */
export function isAdmin(config: Config, user: UserRow): boolean {
  return user.emailVerifiedAt !== null && config.adminEmails.includes(user.email.toLowerCase());
}
export function requireAdmin(ctx: Ctx): void {
  if (!isAdmin(ctx.config, ctx.user)) throw new AppError('not_admin');
}
