import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import {
  Column,
  is,
  Param,
  Placeholder,
  getTableColumns,
  sql,
  type ExtractTablesWithRelations,
  type SQL,
  type Table,
} from 'drizzle-orm';
import { NodePgSession, NodePgTransaction, drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import {
  PgDialect,
  type PgDatabase,
  type PgQueryResultHKT,
  type PgTransaction,
  type PgTransactionConfig,
} from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

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

/** The rows of `db.execute(sql...)`: node-postgres and PGlite both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

const dialect = new PgDialect();

/** A named value of a prepared statement, given when it runs. */
export const param = (name: string) => sql.placeholder(name);

// The types Drizzle leaves as PostgreSQL's text (timestamps, dates, intervals and their arrays, numeric[]), so
// a statement run here reads every value as the same statement run through Drizzle would. node-postgres takes
// them once for the pool (a query's own config is copied on every call); Drizzle's own queries bring theirs.
const TEXT_TYPES = [1114, 1184, 1082, 1186, 1115, 1185, 1182, 1187, 1231];
const keepText = (value: string) => value;
const pgTypes = {
  getTypeParser: (oid: number, format?: string) =>
    TEXT_TYPES.includes(oid) ? keepText : pg.types.getTypeParser(oid, format as 'text'),
};
const pgliteParsers = Object.fromEntries(TEXT_TYPES.map((oid) => [oid, keepText]));

/** One statement on the connection (or pool) under `db`: node-postgres prepares it by name, PGlite runs it. */
async function runStatement(db: DbOrTx, name: string, text: string, values: unknown[], rowMode?: 'array') {
  const session: unknown = db._.session;
  if (session instanceof NodePgSession) {
    const client = (session as unknown as { client: pg.Pool | pg.PoolClient }).client;
    const config = (rowMode ? { name, text, values, rowMode } : { name, text, values }) as pg.QueryConfig;
    return (await client.query(config)).rows as unknown[];
  }
  const client = (session as { client: PGlite }).client;
  return (await client.query(text, values, { rowMode: rowMode ?? 'object', parsers: pgliteParsers })).rows;
}

/**
 * The statement's values from the named ones a call gives, worked out once: which name fills each `$n` (what
 * Drizzle's fillPlaceholders decides on every call by walking each value's prototypes).
 */
function valueFiller(params: unknown[]): (values: Record<string, unknown>) => unknown[] {
  const fillers = params.map((p): ((values: Record<string, unknown>) => unknown) => {
    const placeholder = is(p, Placeholder) ? p : is(p, Param) && is(p.value, Placeholder) ? p.value : null;
    if (!placeholder) return () => p;
    const { name } = placeholder;
    const encode = is(p, Param) ? (value: unknown) => p.encoder.mapToDriverValue(value) : null;
    return (values) => {
      if (!(name in values)) throw new Error(`No value for placeholder "${name}" was provided`);
      return encode ? encode(values[name]) : values[name];
    };
  });
  return (values) => fillers.map((fill) => fill(values));
}

/**
 * A hand-written statement, its SQL text built once, run by name with `param(name)` values filled in:
 * on PostgreSQL a named prepared statement, parsed and planned once per connection, not on every call
 * (decision 018). It runs on whatever it is given: the database, or the caller's transaction. It goes to the
 * driver without Drizzle's per-call query object (these statements run on every request; decision 029).
 *
 * With `mapRow`, each row arrives as an array of its columns in the statement's order and becomes what
 * `mapRow` makes of it, with nothing in between: the hottest reads build their answers straight from the
 * driver's values (decision 028). Timestamps then arrive as PostgreSQL's text, as Drizzle reads them.
 */
export function preparedStatement<Row>(
  name: string,
  query: SQL,
): (db: DbOrTx, values: Record<string, unknown>) => Promise<Row[]>;
export function preparedStatement<T>(
  name: string,
  query: SQL,
  mapRow: (row: unknown[]) => T,
): (db: DbOrTx, values: Record<string, unknown>) => Promise<T[]>;
export function preparedStatement<T>(name: string, query: SQL, mapRow?: (row: unknown[]) => T) {
  const built = dialect.sqlToQuery(query);
  const fill = valueFiller(built.params);
  if (mapRow) {
    return async (db: DbOrTx, values: Record<string, unknown>): Promise<T[]> => {
      const rows = await runStatement(db, name, built.sql, fill(values), 'array');
      return (rows as unknown[][]).map(mapRow);
    };
  }
  return async (db: DbOrTx, values: Record<string, unknown>): Promise<T[]> =>
    (await runStatement(db, name, built.sql, fill(values))) as T[];
}

/**
 * A whole table's columns for a hand-written statement (`sql.join(columns, sql\`, \`)`), and the mapper that
 * turns them, read from `start` in an array row (preparedStatement's `mapRow`), into the table's row as Drizzle
 * would select it; null when the row's first column is null (a left join that found nothing). The decoding is
 * worked out once: only the columns whose type needs it (timestamps to Date) are decoded on each row.
 */
export function tableRowReader<T extends Table>(table: T) {
  const columns = Object.entries(getTableColumns(table)) as [string, Column][];
  const decoders = columns.map(([key, column]) => {
    const decodes = column.mapFromDriverValue !== Column.prototype.mapFromDriverValue;
    return [key, decodes ? (value: unknown) => column.mapFromDriverValue(value) : null] as const;
  });
  return {
    columns: columns.map(([, column]) => column),
    read(row: unknown[], start: number): T['$inferSelect'] | null {
      if (row[start] === null) return null;
      const record: Record<string, unknown> = {};
      for (let i = 0; i < decoders.length; i++) {
        const [key, decode] = decoders[i]!;
        const value = row[start + i];
        record[key] = value === null || decode === null ? value : decode(value);
      }
      return record as T['$inferSelect'];
    },
  };
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
  const client = options.pgliteDir
    ? new PGlite(options.pgliteDir)
    : new PGlite(options.pgliteDataDir ? { loadDataDir: options.pgliteDataDir } : {});
  await client.waitReady;
  const db = drizzlePglite({ client }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder: options.migrationsFolder });
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

/**
 * Bounds on every wait for the server (DESIGN.md §3.8): while PostgreSQL is down or frozen a request gets
 * its 503 within 10 s, never hangs. A connection attempt gives up after 3 s, a query the server does not
 * answer after 8 s (the client side, for a frozen server), a statement the server runs after 7 s. Closing
 * gives the work still running on its connections 2 s, then drops them (a frozen server never lets a
 * connection end: the app would wait for it for good).
 */
export const POOL_TIMEOUTS = { connectMs: 3_000, queryMs: 8_000, statementMs: 7_000, pingMs: 2_000, closeMs: 2_000 };

/** Resolves true when `promise` settles within `ms`, false when it is still pending then. */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Closes a connection's socket at once, whatever it is doing (its queries fail with 'Connection terminated'). */
function dropConnection(client: pg.ClientBase): void {
  (client as pg.Client).connection.stream.destroy();
}

/**
 * Ends a connection with a goodbye, or drops it when the server has not closed its end within `ms`: pg's
 * end() waits for the server to close the socket, which a frozen server never does.
 */
async function endConnection(client: pg.Client, ms: number): Promise<void> {
  if (!(await settlesWithin(client.end(), ms))) dropConnection(client);
}

const RETRYABLE = new Set(['40P01', '40001']);
const RETRY_ATTEMPTS = 4;

type ErrorLike = { code?: unknown; message?: unknown; cause?: unknown };

/** Whether `error` or any error it was caused by (Drizzle wraps the driver's) satisfies `test`. */
function causedBy(error: unknown, test: (e: ErrorLike) => boolean): boolean {
  for (let e = error as ErrorLike | undefined; e; e = e.cause as ErrorLike | undefined) {
    if (test(e)) return true;
  }
  return false;
}

/** A deadlock or serialization failure: PostgreSQL rolled the whole transaction back, so it may run again. */
const isRetryable = (error: unknown) => causedBy(error, (e) => typeof e.code === 'string' && RETRYABLE.has(e.code));

/**
 * The server did not answer a statement within the pool's read timeout (node-postgres's own message): the
 * statement still holds its connection, so anything sent after it on that connection waits behind it.
 */
const isReadTimeout = (error: unknown) => causedBy(error, (e) => e.message === 'Query read timeout');

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
function poolTransactions(db: Db, pool: pg.Pool): Db {
  db.transaction = (async (run: (tx: Tx) => Promise<unknown>, config?: PgTransactionConfig) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await transactionOnOwnConnection(pool, run, config);
      } catch (error) {
        if (attempt >= RETRY_ATTEMPTS || !isRetryable(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
      }
    }
  }) as Db['transaction'];
  return db;
}

async function transactionOnOwnConnection<T>(
  pool: pg.Pool,
  run: (tx: Tx) => Promise<T>,
  config?: PgTransactionConfig,
): Promise<T> {
  const client = await pool.connect();
  // Drizzle's transaction object on this one connection, for the builder's queries; BEGIN, COMMIT and ROLLBACK
  // go straight to the driver as simple statements (Drizzle's transaction() builds a query object for each).
  const tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, undefined), undefined);
  let reusable = false;
  try {
    await client.query('begin');
    if (config) await tx.setTransaction(config);
    let result: T;
    try {
      result = await run(tx as unknown as Tx);
    } catch (error) {
      // After a read timeout a ROLLBACK would queue behind the unanswered statement and wait out a timeout of
      // its own (a frozen server: 16 s, past DESIGN.md §3.8's 10 s); the connection is dropped instead, and the
      // server rolls the transaction back when it sees it go. Otherwise run's own error comes back only when
      // the ROLLBACK after it went through.
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

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
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
  const db = poolTransactions(drizzlePg({ client: pool }) as unknown as Db, pool);
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
        await migratePg(drizzlePg({ client }), { migrationsFolder: options.migrationsFolder });
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

// The LISTEN connection tries again within a second of losing its server (DESIGN.md §3.8).
const RECONNECT_DELAYS_MS = [100, 250, 500, 1000];

/**
 * A dedicated LISTEN connection (a pooled one would be handed to queries); reconnects until stopped. Stopping
 * cancels the next attempt, ends the connection or the attempt under way, and waits for neither longer than
 * POOL_TIMEOUTS.closeMs (a frozen server never lets it end).
 */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onResubscribed?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | null = null;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | null = null;
  let wasLost = false;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: POOL_TIMEOUTS.connectMs,
      keepAlive: true,
    });
    const lost = () => {
      if (current !== client) return;
      current = null;
      wasLost = true;
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
      if (wasLost) {
        wasLost = false;
        onResubscribed?.();
      }
    } catch (error) {
      if (current === client) current = null;
      client.end().catch(() => {});
      throw error;
    }
  };

  const retry = () => {
    // One attempt at a time, whichever reports the loss first: the connection's 'end' or the attempt's failure.
    if (stopped || retryTimer) return;
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
    // An attempt under way fails once its connection ends, and tries no more.
    if (last) await endConnection(last, POOL_TIMEOUTS.closeMs);
  };
}

export function migrationsFolder(rootDir: string): string {
  return join(rootDir, 'src', 'server', 'db', 'migrations');
}
