import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { dropConnection, POOL_TIMEOUTS, settlesWithin } from './connections.js';
import { listenPostgres } from './listen.js';
import { pgTypes } from './statements.js';
import { poolTransactions } from './transactions.js';
import type { Database, DatabaseOptions, Db } from './types.js';

// Any number that fits in 64 bits: the key of the advisory lock taken while migrating.
const MIGRATION_LOCK_KEY = 7_212_003;

/** PostgreSQL through a node-postgres pool with the timeouts of POOL_TIMEOUTS (connections.ts). */
export async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: POOL_TIMEOUTS.connectMs,
    query_timeout: POOL_TIMEOUTS.queryMs,
    statement_timeout: POOL_TIMEOUTS.statementMs,
    keepAlive: true,
    idleTimeoutMillis: 30_000,
    types: pgTypes,
  });
  // A client losing its server (a restart, an administrator's shutdown) must not crash the process, idle
  // or checked out: its error reaches the query that was waiting, and the pool makes a new connection.
  pool.on('error', () => {});
  // Every connection until its socket closes (idle, checked out, or saying goodbye): close() waits for them
  // all, and drops those still open when its grace is over.
  const connections = new Set<pg.PoolClient>();
  let lastClosed: (() => void) | null = null;
  let dropping = false;
  pool.on('connect', (client) => {
    client.on('error', () => {});
    connections.add(client);
    client.once('end', () => {
      connections.delete(client);
      if (connections.size === 0) lastClosed?.();
    });
    if (dropping) dropConnection(client);
  });
  const allClosed = () =>
    connections.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => (lastClosed = resolve));
  const db = poolTransactions(drizzle({ client: pool }) as unknown as Db, pool);
  return {
    db,
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
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('database ping timed out')), POOL_TIMEOUTS.pingMs);
      });
      try {
        await Promise.race([pool.query('select 1'), late]);
      } finally {
        clearTimeout(timer);
      }
    },
    listen: (channel, onPayload, onResubscribed) => listenPostgres(url, channel, onPayload, onResubscribed),
    // pool.end() waits for every checked-out connection to come back, and for each that comes back meanwhile
    // to end: on a frozen server, forever (its goodbye is never answered). Work still running gets a grace,
    // in which a healthy server finishes it; then every connection still open is dropped, which fails what
    // waits on one. A holder that never gives its connection back is not waited for longer.
    close: async () => {
      const ended = pool.end();
      if (await settlesWithin(Promise.all([ended, allClosed()]), POOL_TIMEOUTS.closeMs)) return await ended;
      dropping = true;
      for (const client of connections) dropConnection(client);
      if (await settlesWithin(ended, POOL_TIMEOUTS.closeMs)) await ended;
    },
  };
}
