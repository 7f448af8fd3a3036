import pg from 'pg';
import { pgTypes } from './statements.js';

/**
 * Bounds on every wait for the server (docs/deploy.md, 'Health checks'): while PostgreSQL is down or frozen a
 * request gets its 503 within 10 s, never hangs. A connection attempt gives up after 3 s, a query the server does
 * not answer after 8 s (the client side, for a frozen server), a statement the server runs after 7 s. Closing
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

/** `promise`, or a rejection with `message` when it has not settled within `ms` (a server that answers nothing). */
export async function within<T>(ms: number, promise: Promise<T>, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Closes a connection's socket at once, whatever it is doing (its queries fail with 'Connection terminated'). */
export function dropConnection(client: pg.ClientBase): void {
  (client as pg.Client).connection.stream.destroy();
}

/**
 * Ends a connection with a goodbye, or drops it when the server has not closed its end within `ms`: pg's
 * end() waits for the server to close the socket, which a frozen server never does.
 */
export async function endConnection(client: pg.Client, ms: number): Promise<void> {
  if (!(await settlesWithin(client.end(), ms))) dropConnection(client);
}

/** A node-postgres pool with the timeouts of POOL_TIMEOUTS (connections.ts), and a close that never hangs. */
export function openPool(url: string, size: number): { pool: pg.Pool; close: () => Promise<void> } {
  const pool = new pg.Pool({
    connectionString: url,
    max: size,
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
  // pool.end() waits for every checked-out connection to come back, and for each that comes back meanwhile
  // to end: on a frozen server, forever (its goodbye is never answered). Work still running gets a grace,
  // in which a healthy server finishes it; then every connection still open is dropped, which fails what
  // waits on one. A holder that never gives its connection back is not waited for longer.
  const close = async () => {
    const ended = pool.end();
    if (await settlesWithin(Promise.all([ended, allClosed()]), POOL_TIMEOUTS.closeMs)) return await ended;
    dropping = true;
    for (const client of connections) dropConnection(client);
    if (await settlesWithin(ended, POOL_TIMEOUTS.closeMs)) await ended;
  };
  return { pool, close };
}
