import type { ExtractTablesWithRelations } from 'drizzle-orm';
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
  /** An in-memory PGlite starts from this data folder (a `dumpDataDir` tarball) instead of running initdb. */
  pgliteDataDir?: Blob;
};
