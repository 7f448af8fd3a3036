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
