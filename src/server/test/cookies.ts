/**
 * The session cookie (`sid=…`) among Set-Cookie headers, or null. A regenerated session (login, upgrade)
 * clears the old cookie first and then sets the new one: the last one that sets a value counts.
 */
export function sessionCookieOf(setCookies: readonly string[]): string | null {
  const sid = setCookies.findLast((c) => c.startsWith('sid=') && !c.startsWith('sid=;'));
  return sid ? sid.split(';')[0]! : null;
}
