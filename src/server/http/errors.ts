import { ERROR_STATUS, type ErrorCode, type FieldError } from '#shared/errors.js';
import { translate } from '#server/http/i18n.js';

/** The one error type services throw: a code from shared/errors.ts, its status and English message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly errors?: FieldError[];

  constructor(code: ErrorCode, options: { message?: string; errors?: FieldError[] } = {}) {
    super(options.message ?? translate(`errors:${code}`));
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.errors = options.errors;
  }
}

export function validationError(errors: FieldError[]): AppError {
  return new AppError('validation_error', { errors });
}

/** Rows that must exist or the request is a 404 under the given code. */
export function findOrFail<T>(row: T | undefined | null, code: ErrorCode = 'not_found'): T {
  if (row === undefined || row === null) throw new AppError(code);
  return row;
}

const UNIQUE_VIOLATION = '23505';
const CHECK_VIOLATION = '23514';

export function pgError(error: unknown): { code?: string; constraint?: string } {
  const e = error as { code?: string; constraint?: string; cause?: unknown };
  if (e && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
  // Drizzle wraps driver errors; the PostgreSQL error is its cause.
  if (e && e.cause) return pgError(e.cause);
  return {};
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

/** The database cannot answer now (DESIGN.md §3.8): the request gets 503, the process carries on. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || code.startsWith('57P')) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
    if (Array.isArray((e as { errors?: unknown }).errors)) {
      if ((e as { errors: unknown[] }).errors.some(isDatabaseUnavailable)) return true;
    }
  }
  return false;
}
