import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type ExtractTablesWithRelations, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Services take either: a call inside a transaction passes its Tx. */
export type DbOrTx = Db | Tx;

/** The rows of `db.execute(sql...)`: node-postgres and PGlite both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

const dialect = new PgDialect();

/** A named value of a prepared statement, given when it runs. */
export const param = (name: string) => sql.placeholder(name);

/**
 * A hand-written statement, its SQL text built once, run by name with `param(name)` values filled in:
 * on PostgreSQL a named prepared statement, parsed and planned once per connection, not on every call
 * (decision 018). It runs on whatever it is given: the database, or the caller's transaction.
 */
export function preparedStatement<Row>(name: string, query: SQL) {
  const built = dialect.sqlToQuery(query);
  return async (db: DbOrTx, values: Record<string, unknown>): Promise<Row[]> =>
    rowsOf<Row>(await db._.session.prepareQuery(built, undefined, name, false).execute(values));
}

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  ping: () => Promise<void>;
  /**
   * LISTEN on a channel for this process: PGlite's in-process notifications, or one dedicated
   * PostgreSQL connection outside the pool that reconnects (and listens again) when it drops.
   * Resolves to the function that stops listening.
   */
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
};

export type DatabaseOptions = {
  /** postgres:// URL; null means embedded PGlite. */
  url: string | null;
  /** PGlite folder; null means in memory (tests). */
  pgliteDir: string | null;
  migrationsFolder: string;
  poolSize?: number;
};

// Any number that fits in 64 bits: the key of the advisory lock taken while migrating.
const MIGRATION_LOCK_KEY = 7_212_003;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options) : openPglite(options);
}

/**
 * The live process, other than this one, that has the embedded database at `pgliteDir` open, or null.
 * PGlite runs inside one process: a second opener (e.g. `npm run promo` next to a running server) must not.
 */
export function pgliteHolder(pgliteDir: string): number | null {
  const lock = `${pgliteDir}.pid`;
  if (!existsSync(lock)) return null;
  const pid = Number(readFileSync(lock, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive but not ours to signal; ESRCH: gone, the lock is stale.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const lock = options.pgliteDir ? `${options.pgliteDir}.pid` : null;
  if (options.pgliteDir) {
    mkdirSync(options.pgliteDir, { recursive: true });
    writeFileSync(lock!, String(process.pid));
  }
  const client = options.pgliteDir ? new PGlite(options.pgliteDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: options.migrationsFolder });
    },
    ping: async () => {
      await client.query('select 1');
    },
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: async () => {
      if (!client.closed) await client.close();
      if (lock && existsSync(lock) && readFileSync(lock, 'utf8').trim() === String(process.pid)) rmSync(lock);
    },
  };
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
  // An idle client losing its server (a restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      // Several instances may start at once: one migrates, the others wait on the lock.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder: options.migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    listen: (channel, onPayload) => listenPostgres(url, channel, onPayload),
    close: async () => {
      await pool.end();
    },
  };
}

const RECONNECT_DELAYS_MS = [100, 500, 1000, 2000, 5000];

/** A dedicated LISTEN connection (a pooled one would be handed to queries); reconnects until stopped. */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | null = null;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    const lost = () => {
      if (current !== client) return;
      current = null;
      client.end().catch(() => {});
      retry();
    };
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    client.on('error', lost);
    client.on('end', lost);
    current = client;
    try {
      await client.connect();
      await client.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
      attempt = 0;
    } catch (error) {
      if (current === client) current = null;
      client.end().catch(() => {});
      throw error;
    }
  };

  const retry = () => {
    if (stopped) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]!;
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (!stopped) connect().catch(retry);
    }, delay);
    retryTimer.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    const last = current;
    current = null;
    if (last) await last.end().catch(() => {});
  };
}

export function migrationsFolder(rootDir: string): string {
  return join(rootDir, 'src', 'server', 'db', 'migrations');
}
