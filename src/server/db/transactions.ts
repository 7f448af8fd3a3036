import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { transactionOn, withTransaction } from './drizzle-internals.js';
import { isReadTimeout, isRetryable } from './errors.js';
import type { Db, Tx } from './types.js';

const RETRY_ATTEMPTS = 4;

/**
 * Transactions on a connection checked out here rather than by Drizzle, whose node-postgres transaction()
 * runs BEGIN before the try/finally that gives the connection back (drizzle-orm issues 6023, 6114): a BEGIN
 * that failed (a frozen server's read timeout, a connection its server had closed) kept its connection out of
 * the pool for good, and pool.end() (the app's close) waited for it forever. The connection goes back for
 * reuse only when the transaction committed or its ROLLBACK went through; otherwise it is dropped, since a
 * statement may still be on the wire or the server still in the transaction.
 *
 * Transactions that PostgreSQL aborts as a deadlock or serialization failure run again, a few times with a
 * short random pause, invisibly to the caller (issue 22: a bid racing its job's cancellation). Everything a
 * transaction does is inside it (events are NOTIFYs, emails are outbox rows), so running it again is safe.
 */
export function poolTransactions(db: Db, pool: pg.Pool): Db {
  return withTransaction(db, (async (run: (tx: Tx) => Promise<unknown>, config?: PgTransactionConfig) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await transactionOnOwnConnection(pool, run, config);
      } catch (error) {
        if (attempt >= RETRY_ATTEMPTS || !isRetryable(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
      }
    }
  }) as Db['transaction']);
}

async function transactionOnOwnConnection<T>(
  pool: pg.Pool,
  run: (tx: Tx) => Promise<T>,
  config?: PgTransactionConfig,
): Promise<T> {
  const client = await pool.connect();
  // Drizzle's transaction object on this one connection, for the builder's queries; BEGIN, COMMIT and ROLLBACK
  // go straight to the driver as simple statements (Drizzle's transaction() builds a query object for each).
  const tx = transactionOn(client);
  let reusable = false;
  try {
    await client.query('begin');
    if (config) await tx.setTransaction(config);
    let result: T;
    try {
      result = await run(tx);
    } catch (error) {
      // After a read timeout a ROLLBACK would queue behind the unanswered statement and wait out a timeout of
      // its own (a frozen server: 16 s, past the 10 s of docs/deploy.md's health checks); the connection is
      // dropped instead, and the server rolls the transaction back when it sees it go. Otherwise run's own
      // error comes back only when the ROLLBACK after it went through.
      if (isReadTimeout(error)) throw error;
      await client.query('rollback');
      reusable = true;
      throw error;
    }
    await client.query('commit');
    reusable = true;
    return result;
  } finally {
    client.release(!reusable);
  }
}
