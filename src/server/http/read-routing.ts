import type { FastifyInstance, FastifyRequest } from 'fastify';
import { READ_PRIMARY_HEADER } from '#shared/events.js';
import type { Config } from '#server/config.js';
import { REPLICA_MAX_LAG_MS, type Database, type Db, type ReplicaStatus } from '#server/db/client.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A read that tolerates a few seconds of lag: with DATABASE_READ_URL it may be answered from the replica
     * (docs/decisions/039). Only for routes that write nothing and read no ledger, session or rate limit.
     */
    replicaReads?: boolean;
  }
  interface FastifyInstance {
    /** Where replicaReads routes read: the replica's routing database, or `db` without one. */
    readDb: Db;
    /** The replica's state and counters, or null without one. */
    replica: (() => ReplicaStatus) | null;
  }
}

/** Set on the answer to a write: its browser reads from the primary until the replica has surely caught up. */
export const WROTE_COOKIE = 'tb_wrote';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Read-your-writes without shared state (docs/decisions/039): the replica serves reads only while it is at most
 * REPLICA_MAX_LAG_MS behind, so a browser that wrote reads from the primary for that long and a margin after,
 * on whichever instance its requests land.
 */
export function registerReadRouting(app: FastifyInstance, config: Config, database: Database) {
  app.decorate('readDb', database.readDb);
  app.decorate('replica', database.replica);
  if (!database.replica) return;
  const maxAge = Math.ceil(REPLICA_MAX_LAG_MS / 1000) + 2;
  const secure = config.env === 'production' ? ('auto' as const) : false;
  app.addHook('onSend', (request, reply, _payload, done) => {
    if (!SAFE_METHODS.has(request.method) && reply.statusCode < 400) {
      reply.setCookie(WROTE_COOKIE, '1', { path: '/', maxAge, httpOnly: true, sameSite: 'lax', secure });
    }
    done();
  });
}

/**
 * The database a request's service calls use: the replica's for a replicaReads route, unless its browser just
 * wrote (the cookie) or just heard an event (READ_PRIMARY_HEADER, set by the client's event stream).
 */
export function databaseFor(request: FastifyRequest): Db {
  const { db, readDb } = request.server;
  if (readDb === db || !request.routeOptions.config.replicaReads) return db;
  return request.cookies[WROTE_COOKIE] || request.headers[READ_PRIMARY_HEADER] ? db : readDb;
}

/**
 * Answers of a replicaReads route that every reader gets alike (provider search), shared between the readers of one
 * instance for as long as a replica's answer could be that old (docs/decisions/057): an answer is as fresh as the
 * data it was read from, and it is handed out again only while that is at most REPLICA_MAX_LAG_MS ago, which the
 * replica itself is held to (decision 039). Readers who asked for the same thing meanwhile wait for the one read
 * under way. A failed read is not kept. At most `capacity` answers are kept, the least recently used dropped first.
 * (Reading an answer's successor ahead, in its last second, was tried and dropped: it read each busy answer half as
 * often again, and at national scale the replica's time, not the wait, is what runs out.)
 */
export class SharedAnswers<T> {
  readonly #answers = new Map<string, { freshAsOf: number; answer: Promise<T> }>();

  constructor(
    private readonly capacity: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The answer for `key`: a kept one still fresh enough, or `read()`'s, whose data is as fresh as `freshAsOf`. */
  get(key: string, freshAsOf: number, read: () => Promise<T>): Promise<T> {
    const kept = this.#answers.get(key);
    this.#answers.delete(key);
    if (kept && this.now() - kept.freshAsOf <= REPLICA_MAX_LAG_MS) {
      this.#answers.set(key, kept);
      return kept.answer;
    }
    const entry = { freshAsOf, answer: read() };
    this.#answers.set(key, entry);
    if (this.#answers.size > this.capacity) this.#answers.delete(this.#answers.keys().next().value!);
    entry.answer.catch(() => {
      if (this.#answers.get(key) === entry) this.#answers.delete(key);
    });
    return entry.answer;
  }

  get size(): number {
    return this.#answers.size;
  }
}

/**
 * `read()`'s answer, or one shared with other readers of this instance (SharedAnswers) when the request would be
 * answered from the replica: a route that tolerates lag, a replica configured, and a browser that has not just
 * written. Without a replica every answer is read afresh: one database promises no lag, so none is added here.
 */
export function sharedAnswer<T>(
  request: FastifyRequest,
  answers: SharedAnswers<T>,
  key: string,
  read: () => Promise<T>,
): Promise<T> {
  const status = request.server.replica?.();
  if (!status || databaseFor(request) !== request.server.readDb) return read();
  // Read now, the answer comes from the replica only while its state is 'up' (it turns so only on a check that found
  // it fresh); otherwise from the primary, fresh as of now.
  const now = Date.now();
  const freshAsOf = status.state === 'up' && status.lagMs !== null ? now - status.lagMs : now;
  return answers.get(key, freshAsOf, read);
}
