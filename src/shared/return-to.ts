/** The longest `returnTo` kept; a longer one is no page of this app. */
export const RETURN_TO_MAX_LENGTH = 2048;

/**
 * A same-origin path to come back to after signing in, or `/` (docs/contract.md §3.6): never an absolute URL, a
 * protocol-relative `//host` or a `/\host` that browsers read as one (an open redirect). The server applies
 * it to `GET /api/login?returnTo=`, the login page to its own `?returnTo=`: one rule on both sides.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length > RETURN_TO_MAX_LENGTH) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // eslint-disable-next-line no-control-regex -- control characters in a path are what this refuses
  if (/[\u0000-\u001f\\]/.test(value)) return '/';
  return value;
}

/** Where signing in starts (docs/contract.md §3): 302 to the OpenID Provider when one is set, else to `/login`. */
export const LOGIN_URL = '/api/login';

/** LOGIN_URL with the page to come back to after signing in, when it is not `/`. */
export function loginUrl(returnTo: string): string {
  const path = safeReturnTo(returnTo);
  return path === '/' ? LOGIN_URL : `${LOGIN_URL}?returnTo=${encodeURIComponent(path)}`;
}
