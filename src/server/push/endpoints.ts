import type { Config } from '#server/config.js';

/**
 * The browsers' push services (docs/contract.md §3.10): Chrome and Edge's FCM, Firefox's autopush, Safari's
 * and Windows' own. Each is `https:` on its default port; a host suffix starting with a dot takes any subdomain.
 */
const BROWSER_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '.push.apple.com',
  '.notify.windows.com',
];

function browserPushHost(hostname: string): boolean {
  return BROWSER_PUSH_HOSTS.some((host) =>
    host.startsWith('.') ? hostname.endsWith(host) && hostname.length > host.length : hostname === host,
  );
}

/**
 * Whether the server may send to `endpoint`: an `https:` URL of a browser's push service, or on an origin of
 * PUSH_SERVICE_ORIGINS. Anything else is a URL a user made up, and the server never sends to it (no SSRF).
 */
export function allowedPushEndpoint(config: Pick<Config, 'push'>, endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  if (config.push.serviceOrigins.includes(url.origin)) return true;
  return url.port === '' && browserPushHost(url.hostname);
}
