import type { Config } from '#server/config.js';

// localhost, 127.x.x.x or [::1] as URL() leaves a hostname (lower case, numeric forms of 127/8 normalised).
const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/**
 * The origin of every link the app writes into an email or a push (docs/decisions/032): PUBLIC_URL when
 * set; else `candidate` (the origin a request arrived on, built from its own Host header, never from
 * X-Forwarded-Host) only when that is a loopback name, so a one-machine install links to itself; else
 * this instance on localhost. A Host a request chose can never aim a link elsewhere.
 */
export function linkOrigin(config: Pick<Config, 'publicUrl' | 'port'>, candidate?: string): string {
  if (config.publicUrl) return config.publicUrl;
  const url = candidate ? parseOrigin(candidate) : null;
  if (url && LOOPBACK.test(url.hostname)) return url.origin;
  return `http://localhost:${config.port}`;
}

function parseOrigin(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
