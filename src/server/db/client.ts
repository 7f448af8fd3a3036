import { join } from 'node:path';
import { openPglite } from './pglite.js';
import { openPostgres } from './pool.js';
import type { Database, DatabaseOptions } from './types.js';

/**
 * The database room's one entry point (docs/decisions/033): it opens the embedded database or the PostgreSQL
 * pool, and hands on what features use. Each idea is a file of its own beside this one: pglite.ts, pool.ts
 * (with connections.ts's timeouts), transactions.ts, listen.ts, statements.ts and row-reader.ts, errors.ts, and
 * drizzle-internals.ts, the only file that reaches into Drizzle.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options) : openPglite(options);
}

export function migrationsFolder(rootDir: string): string {
  return join(rootDir, 'src', 'server', 'db', 'migrations');
}

export type { Database, DatabaseOptions, Db, DbOrTx, Tx } from './types.js';
export { likeEscaped, pagedStatement, param, preparedStatement, rowsOf } from './statements.js';
export { tableRowReader } from './row-reader.js';
export { afterCursor, toPage, type Page } from './keyset.js';
export { pgliteHolder } from './pglite.js';
export { POOL_TIMEOUTS, settlesWithin } from './connections.js';
export { REPLICA_CHECK_MS, REPLICA_MAX_LAG_MS, type ReplicaStatus } from './replica.js';
