import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { ReplicaStatus } from './replica.js';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';

// Without Drizzle's relational API (db.query.*): nothing uses it, and with a schema every transaction builds
// a query builder per table before its first statement (decision 028).
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
/** Services take either: a call inside a transaction passes its Tx. */
export type DbOrTx = Db | Tx;

/** An open database, embedded (pglite.ts) or a PostgreSQL pool (pool.ts), as client.ts opens it. */
export type Database = {
  db: Db;
  /**
   * Where reads that tolerate lag go (docs/decisions/039): a streaming replica's routing database with
   * DATABASE_READ_URL (replica.ts), else `db` itself.
   */
  readDb: Db;
  /** The replica's state and counters, or null without one. */
  replica: (() => ReplicaStatus) | null;
  kind: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  ping: () => Promise<void>;
  /**
   * LISTEN on a channel for this process: PGlite's in-process notifications, or one dedicated
   * PostgreSQL connection outside the pool that reconnects (and listens again) when it drops (listen.ts).
   * Resolves to the function that stops listening.
   */
  listen: (
    channel: string,
    onPayload: (payload: string) => void,
    /** After the connection was lost and listens again: what was sent meanwhile is gone. */
    onResubscribed?: () => void,
  ) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
};

export type DatabaseOptions = {
  /** postgres:// URL; null means embedded PGlite. */
  url: string | null;
  /** PGlite folder; null means in memory (tests). */
  pgliteDir: string | null;
  migrationsFolder: string;
  poolSize?: number;
  /** A streaming replica for reads that tolerate lag (PostgreSQL only). */
  readUrl?: string | null;
  /** Told when the replica goes up, lagging or down. */
  onReplicaState?: (status: ReplicaStatus) => void;
  /** An in-memory PGlite starts from this data folder (a `dumpDataDir` tarball) instead of running initdb. */
  pgliteDataDir?: Blob;
};
