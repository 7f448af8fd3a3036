/**
 * What a failed statement's error says. Drizzle wraps the driver's error (the PostgreSQL error is its
 * cause), so every question here is asked of the error and each error it was caused by, in one walk.
 */
type ErrorLike = { code?: unknown; message?: unknown; constraint?: unknown; cause?: unknown; errors?: unknown };

/** The first of `error` and the errors it was caused by that satisfies `test`, or undefined. */
function findCause(error: unknown, test: (e: ErrorLike) => boolean): ErrorLike | undefined {
  for (let e = error as ErrorLike | undefined; e; e = e.cause as ErrorLike | undefined) {
    if (test(e)) return e;
  }
  return undefined;
}

const UNIQUE_VIOLATION = '23505';
const CHECK_VIOLATION = '23514';
const RETRYABLE = new Set(['40P01', '40001']);

/** The PostgreSQL error (a five-character SQLSTATE code) behind `error`, or {} when there is none. */
export function pgError(error: unknown): { code?: string; constraint?: string } {
  const e = findCause(error, (c) => typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code));
  return (e as { code?: string; constraint?: string } | undefined) ?? {};
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = pgError(error);
  return e.code === UNIQUE_VIOLATION && (!constraint || e.constraint === constraint);
}

export function isCheckViolation(error: unknown, constraint?: string): boolean {
  const e = pgError(error);
  return e.code === CHECK_VIOLATION && (!constraint || e.constraint === constraint);
}

/** PostgreSQL's data-exception class (22xxx): a value out of range or unstorable, the caller's input. */
export function isDataException(error: unknown): boolean {
  return pgError(error).code?.startsWith('22') ?? false;
}

/** A deadlock or serialization failure: PostgreSQL rolled the whole transaction back, so it may run again. */
export const isRetryable = (error: unknown) =>
  findCause(error, (e) => typeof e.code === 'string' && RETRYABLE.has(e.code)) !== undefined;

/**
 * The server did not answer a statement within the pool's read timeout (node-postgres's own message): the
 * statement still holds its connection, so anything sent after it on that connection waits behind it.
 */
export const isReadTimeout = (error: unknown) =>
  findCause(error, (e) => e.message === 'Query read timeout') !== undefined;

// PostgreSQL gone, restarting, refusing connections or cancelling a statement that ran out of time, and the
// driver's own words for a connection lost or never made.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  '57014',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connection error|Connection refused/i;

/**
 * The database cannot answer now (docs/deploy.md, 'Health checks'): the request gets 503, the process
 * carries on. An AggregateError (a connection tried on several addresses) counts when any of its errors does.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const unavailable = findCause(error, (e) => {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || code.startsWith('57P')) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
    return Array.isArray(e.errors) && e.errors.some(isDatabaseUnavailable);
  });
  return unavailable !== undefined;
}
