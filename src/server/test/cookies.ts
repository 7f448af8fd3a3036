/**
 * The session cookie (`sid=…`) among Set-Cookie headers, or null. A regenerated session (login, upgrade)
 * clears the old cookie first and then sets the new one: the last one that sets a value counts.
 */
export function sessionCookieOf(setCookies: readonly string[]): string | null {
  const sid = setCookies.findLast((c) => c.startsWith('sid=') && !c.startsWith('sid=;'));
  return sid ? sid.split(';')[0]! : null;
}

/** The session id inside a `sid=…` cookie (with or without its attributes): its value unsigned. */
export function sidOf(cookie: string): string {
  return decodeURIComponent(cookie.split(';')[0]!.slice('sid='.length)).replace(/\.[^.]*$/, '');
}

/** When a Set-Cookie header says its cookie expires (epoch milliseconds; Expires is written to the second). */
export function cookieExpiry(setCookie: string): number {
  return Date.parse(/;\s*Expires=([^;]+)/i.exec(setCookie)![1]!);
}
