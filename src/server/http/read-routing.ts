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
