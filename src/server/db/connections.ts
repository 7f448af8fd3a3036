import type pg from 'pg';

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
