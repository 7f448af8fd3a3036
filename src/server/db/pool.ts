import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { openPool, POOL_TIMEOUTS, within } from './connections.js';
import { listenPostgres } from './listen.js';
import { openReplica } from './replica.js';
import { poolTransactions } from './transactions.js';
import type { Database, DatabaseOptions, Db } from './types.js';

// Any number that fits in 64 bits: the key of the advisory lock taken while migrating.
const MIGRATION_LOCK_KEY = 7_212_003;

/**
 * PostgreSQL through a node-postgres pool; with `readUrl`, reads that tolerate lag may go to a streaming
 * replica through `readDb` (replica.ts, docs/decisions/039).
 */
export async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const size = options.poolSize ?? 10;
  const { pool, close: closePool } = openPool(url, size);
  const db = poolTransactions(drizzle({ client: pool }) as unknown as Db, pool);
  const replica = options.readUrl ? openReplica(options.readUrl, { pool, db }, size, options.onReplicaState) : null;
  return {
    db,
    readDb: replica?.readDb ?? db,
    replica: replica?.status ?? null,
    kind: 'postgres',
    migrate: async () => {
      // Several instances may start at once: one migrates, the others wait on the lock. A connection of
      // its own, without the pool's timeouts: the wait and a long migration may take their time.
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: POOL_TIMEOUTS.connectMs });
      client.on('error', () => {});
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrate(drizzle({ client }), { migrationsFolder: options.migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        await client.end().catch(() => {});
      }
    },
    ping: async () => {
      await within(POOL_TIMEOUTS.pingMs, pool.query('select 1'), 'database ping timed out');
    },
    listen: (channel, onPayload, onResubscribed) => listenPostgres(url, channel, onPayload, onResubscribed),
    close: async () => {
      await replica?.close();
      await closePool();
    },
  };
}
