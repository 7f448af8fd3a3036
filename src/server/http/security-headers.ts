import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '#server/config.js';

const STRIPE_SCRIPT = 'https://js.stripe.com';
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_API = 'https://api.stripe.com';
const HSTS = 'max-age=31536000; includeSubDomains';

/** Where the browser may send requests besides our own origin: Stripe's API, or the test server it is pointed at. */
function stripeApiOrigins(config: Config): string[] {
  const { host, port, protocol } = config.stripe;
  if (!host) return [STRIPE_API];
  return [`${protocol ?? 'https'}://${host}${port ? `:${port}` : ''}`];
}

/**
 * The headers of docs/contract.md §3.5, on every response: a Content-Security-Policy with no inline script
 * (Stripe's script and frames allowed, nothing may frame us), nosniff, a referrer policy, and HSTS when
 * the public origin is HTTPS. `npm run dev` adds what Vite's hot reload needs (its inline preamble, its socket).
 */
export function helmetOptions(config: Config): HelmetOptions {
  const dev = config.devServer;
  const oidcOrigin = config.oidc ? new URL(config.oidc.issuerUrl).origin : null;
  const https = config.publicUrl?.startsWith('https:') ?? false;
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", STRIPE_SCRIPT, ...(dev ? ["'unsafe-inline'"] : [])],
        scriptSrcAttr: ["'none'"],
        // Radix and Stripe set inline styles; styles cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.stripe.com'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...stripeApiOrigins(config), ...(dev ? ['ws:'] : [])],
        frameSrc: STRIPE_FRAMES,
        // The installable app (docs/contract.md §3.10): its manifest and its service worker, both our own files.
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", ...(oidcOrigin ? [oidcOrigin] : [])],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Stripe's 3-D Secure pages open from our window; a same-origin opener policy would cut them off.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // Set below per request: HSTS only means something over HTTPS.
    strictTransportSecurity: false,
  };
}

/**
 * The headers do not depend on the request (but HSTS, for a request that arrived over HTTPS), so helmet works
 * them out once at start and every response gets that list: helmet's own values, without rebuilding its
 * middleware and parsing the policy again on each request as @fastify/helmet does (decision 026).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const headers = Object.fromEntries(securityHeaderList(config));
  const alwaysHttps = config.publicUrl?.startsWith('https:') ?? false;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (!alwaysHttps && request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}

/**
 * The headers as a plain list, worked out once by running helmet against a response stand-in: every
 * response carries them, also answers written before any hook runs (a malformed request, a path Fastify's
 * router refuses).
 */
export function securityHeaderList(config: Config): [string, string][] {
  const headers = new Map<string, string>();
  const middleware = helmet(helmetOptions(config));
  const response = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  middleware({} as never, response as never, () => {});
  if (config.publicUrl?.startsWith('https:')) headers.set('strict-transport-security', HSTS);
  return [...headers];
}
