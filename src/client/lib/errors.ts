import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api.js';
import { i18n } from './i18n.js';

const CATALOG_KEY = /^[a-z_]+:[a-z0-9_.]+$/;

function translated(key: string | undefined, t: TFunction): string | null {
  if (!key || !CATALOG_KEY.test(key) || !i18n.exists(key)) return null;
  return t(key);
}

/** A failure in the user's language: the error code's translation, else the server's words, else the fallback. */
export function errorMessage(error: unknown, t: TFunction, fallbackKey = 'common:error_generic'): string {
  if (error instanceof ApiError) {
    return translated(error.code ? `errors:${error.code}` : undefined, t) ?? error.serverMessage ?? t(fallbackKey);
  }
  return t(fallbackKey);
}

/** Server field errors by path ('budgetMin', 'address.zip'), each in the user's language. */
export function fieldErrors(error: unknown, t: TFunction = i18n.t): Record<string, string> {
  if (!(error instanceof ApiError) || !error.errors) return {};
  const result: Record<string, string> = {};
  for (const item of error.errors) {
    if (result[item.path]) continue;
    result[item.path] = translated(item.code, t) ?? translated(item.message, t) ?? item.message;
  }
  return result;
}

/** Zod messages in our schemas are catalog keys ('validation:password_min'); show them translated. */
export function translateMessage(message: string | undefined, t: TFunction): string | undefined {
  if (!message) return undefined;
  return translated(message, t) ?? message;
}

/** Put the server's field errors on a react-hook-form form; true when at least one landed on a field. */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  t: TFunction,
): boolean {
  let applied = false;
  for (const [path, message] of Object.entries(fieldErrors(error, t))) {
    const field = fields.find((name) => name === path);
    if (!field) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
