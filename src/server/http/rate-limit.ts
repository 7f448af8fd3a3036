import fastifyRateLimit from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { preparedStatement, param, type Db } from '#server/db/client.js';
import { rateLimitCounters } from '#server/db/schema/index.js';
import { sessionUser } from '#server/http/context.js';
import { AppError } from '#server/http/errors.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The bounds of docs/contract.md §3.5: they stop machines, never people. Each limit counts per client address
 * (`ip`: request.ip, which honours TRUST_PROXY), per signed-in user (`user`) or per email in the body
 * (`email`, lower-cased, known or not, so a refusal reveals nothing about accounts).
 * `failuresOnly`: a successful answer gives its hit back, so only failures use the allowance.
 */
export const RATE_LIMITS = {
  login_ip: { max: 30, windowMs: 15 * MINUTE, by: 'ip' },
  login_email: { max: 10, windowMs: 15 * MINUTE, by: 'email', failuresOnly: true },
  register_ip: { max: 20, windowMs: HOUR, by: 'ip' },
  register_email: { max: 5, windowMs: HOUR, by: 'email' },
  password_reset_ip: { max: 30, windowMs: 15 * MINUTE, by: 'ip' },
  password_reset_email: { max: 5, windowMs: HOUR, by: 'email' },
  verification_resend_user: { max: 5, windowMs: HOUR, by: 'user' },
  bids: { max: 60, windowMs: MINUTE, by: 'user' },
  messages: { max: 120, windowMs: MINUTE, by: 'user' },
  promo_redemptions: { max: 60, windowMs: MINUTE, by: 'user' },
  uploads: { max: 60, windowMs: MINUTE, by: 'user' },
  /** A device posts its subscription again on each visit of the dashboard or settings (src/client/push). */
  push_subscriptions: { max: 30, windowMs: MINUTE, by: 'user' },
} as const satisfies Record<string, RateLimit>;

type RateLimit = { max: number; windowMs: number; by: 'ip' | 'user' | 'email'; failuresOnly?: boolean };
export type RateLimitName = keyof typeof RATE_LIMITS;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Rate limits of this route, by name (RATE_LIMITS). */
    limits?: RateLimitName[];
  }
}

type Counter = { current: number; ttl: number };
type IncrCallback = (error: Error | null, result?: Counter) => void;

/**
 * A @fastify/rate-limit store in PostgreSQL (docs/contract.md §3.8): one fixed window per key, counted by one
 * atomic upsert, so a bound holds whichever instance each request lands on. Works on PGlite too.
 */
export class PostgresRateLimitStore {
  private readonly hit;
  private readonly giveBack;

  constructor(private readonly db: Db) {
    this.hit = preparedStatement<{ hits: number; ttl_ms: number }>(
      'rate_limit_hit',
      sql`insert into rate_limit_counters as c (key, hits, reset_at)
          values (${param('key')}, 1, now() + ${param('windowMs')}::int * interval '1 millisecond')
          on conflict (key) do update set
            hits = case when c.reset_at <= now() then 1 else c.hits + 1 end,
            reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
          returning hits, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl_ms`,
    );
    this.giveBack = preparedStatement(
      'rate_limit_give_back',
      sql`update rate_limit_counters set hits = greatest(hits - 1, 0)
          where key = ${param('key')} and reset_at > now()`,
    );
  }

  incr(key: string, callback: IncrCallback, timeWindow: number) {
    this.hit(this.db, { key, windowMs: timeWindow }).then(
      ([row]) => callback(null, { current: row!.hits, ttl: row!.ttl_ms }),
      (error: Error) => callback(error),
    );
  }

  child() {
    return this;
  }

  async decrement(key: string): Promise<void> {
    await this.giveBack(this.db, { key });
  }

  /** Windows that ended: nothing reads them again. */
  async prune(): Promise<void> {
    await this.db.delete(rateLimitCounters).where(lt(rateLimitCounters.resetAt, new Date()));
  }
}

function emailOf(request: FastifyRequest): string | null {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : null;
}

async function subjectOf(request: FastifyRequest, limit: RateLimit): Promise<string | null> {
  if (limit.by === 'ip') return request.ip;
  if (limit.by === 'email') return emailOf(request);
  return (await sessionUser(request))?.id ?? null;
}

/**
 * Rate limits (docs/contract.md §3.5): a route names its limits in `config.limits`; each is counted in
 * PostgreSQL through @fastify/rate-limit and refused with 429 `rate_limited` and `Retry-After`.
 * Address and user limits run before the body is read; email limits once the body is valid.
 */
export async function registerRateLimits(app: FastifyInstance, db: Db) {
  const store = new PostgresRateLimitStore(db);
  await app.register(fastifyRateLimit, {
    global: false,
    store: function Store() {
      return store;
    } as unknown as never,
  });
  const gives = Symbol('rate limit hits to give back on success');

  const hookFor = (name: RateLimitName) => {
    const limit: RateLimit = RATE_LIMITS[name];
    const check = app.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: async (request) => `${name}:${(await subjectOf(request, limit)) ?? ''}`,
    });
    return async (request: FastifyRequest, reply: FastifyReply) => {
      // No subject (no email in the body, nobody signed in): validation or the auth guard answers.
      if ((await subjectOf(request, limit)) === null) return;
      const result = await check(request);
      if (result.isAllowed) return;
      if (result.isExceeded) {
        reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
        throw new AppError('rate_limited');
      }
      if (limit.failuresOnly) {
        const own = request as FastifyRequest & { [gives]?: string[] };
        (own[gives] ??= []).push(result.key);
      }
    };
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    const names = route.config?.limits ?? [];
    if (names.length === 0) return;
    const early: onRequestHookHandler[] = [];
    const late: onRequestHookHandler[] = [];
    for (const name of names) (RATE_LIMITS[name].by === 'email' ? late : early).push(hookFor(name));
    route.onRequest = [...toArray(route.onRequest), ...early] as RouteOptions['onRequest'];
    route.preHandler = [...toArray(route.preHandler), ...late] as RouteOptions['preHandler'];
    if (names.some((name) => 'failuresOnly' in RATE_LIMITS[name])) {
      route.onSend = [
        ...toArray(route.onSend),
        async (request: FastifyRequest, reply: FastifyReply) => {
          const keys = (request as FastifyRequest & { [gives]?: string[] })[gives];
          if (keys && reply.statusCode < 400) await Promise.all(keys.map((key) => store.decrement(key)));
        },
      ] as RouteOptions['onSend'];
    }
  });
}

function toArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
