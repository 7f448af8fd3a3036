import type { PGliteInterface } from '@electric-sql/pglite';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db, DbOrTx, Tx } from './types.js';

/**
 * Every use of Drizzle's internals, and only here (docs/decisions/033): what its public API does not offer at
 * the cost the hot path allows (docs/decisions/029). drizzle-internals.test.ts fails when a Drizzle release
 * changes any of them, and package.json pins the exact version that test passed on.
 */

/** One dialect for every statement built here (it holds no per-statement state). */
export const dialect = new PgDialect();

/**
 * The node-postgres pool or connection under `db` (a transaction's own connection), or null when `db` is PGlite.
 * Read from the session, the one place a Drizzle transaction keeps its connection; no object is made per call
 * (it runs on every statement, decision 029).
 */
export function pgClient(db: DbOrTx): pg.Pool | pg.PoolClient | null {
  const session: unknown = db._.session;
  return session instanceof NodePgSession ? (session as unknown as { client: pg.Pool | pg.PoolClient }).client : null;
}

/** PGlite, or PGlite's transaction, under `db` when `db` is not on node-postgres (pgClient gave null). */
export function pgliteClient(db: DbOrTx): Pick<PGliteInterface, 'query'> {
  return (db._.session as unknown as { client: Pick<PGliteInterface, 'query'> }).client;
}

/**
 * Drizzle's transaction object on a connection the caller checked out and began a transaction on, for the
 * query builder's statements inside it (Drizzle's own `transaction()` builds a query object for BEGIN, COMMIT
 * and ROLLBACK, and always sends the ROLLBACK: transactions.ts says why neither will do).
 */
export function transactionOn(client: pg.PoolClient): Tx {
  return new NodePgTransaction(dialect, new NodePgSession(client, dialect, undefined), undefined) as unknown as Tx;
}

/** `db` with its `transaction()` replaced by `transaction` (same signature), so every service's call takes it. */
export function withTransaction(db: Db, transaction: Db['transaction']): Db {
  db.transaction = transaction;
  return db;
}
