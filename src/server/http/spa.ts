import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '#server/config.js';
import { sendNotFound } from '#server/http/error-handler.js';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '#shared/i18n/languages.js';
import { PRERENDER_MANIFEST, routeMatcher, type PrerenderManifest } from '#shared/prerender.js';

const API_PREFIXES = ['/api/', '/uploads/', '/healthz', '/readyz'];
const isApiPath = (url: string) => url === '/api' || API_PREFIXES.some((p) => url.startsWith(p));
/** The cookie the language toggle writes (src/client/lib/i18n.ts). */
const LANGUAGE_COOKIE = 'lang';

/**
 * The HTML a visitor nobody is signed in as gets for `path` (DESIGN.md §1 'First paint'), from the pages
 * `npm run build` rendered (scripts/prerender.ts): a public page as it looks, the app's shell saying that
 * nobody is signed in for the app's other routes, the 404 page for the rest. Null without a prerendered build.
 */
function prerenderedPages(clientDir: string) {
  const manifestPath = join(clientDir, 'prerendered', PRERENDER_MANIFEST);
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as PrerenderManifest;
  const isAppRoute = routeMatcher(manifest.routes);
  return (path: string, language: Language): { file: string; status: number } => {
    const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const page = manifest.pages[trimmed] ?? (isAppRoute(trimmed) ? 'shell' : 'not-found');
    return { file: `prerendered/${language}/${page}.html`, status: page === 'not-found' ? 404 : 200 };
  };
}

const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * The React app: built files from dist/client in production, Vite's middleware in development.
 * Client routes fall back to index.html; unknown /api paths answer a JSON 404.
 */
export async function registerSpa(app: FastifyInstance, config: Config) {
  if (config.devServer) {
    const { createServer } = await import('vite');
    const vite = await createServer({
      configFile: join(config.rootDir, 'vite.config.ts'),
      server: { middlewareMode: true, hmr: { port: config.port + 10_000 } },
      appType: 'spa',
    });
    const middie = await import('@fastify/middie');
    await app.register(middie.default);
    app.use((req, res, next) => (isApiPath(req.url ?? '') ? next() : vite.middlewares(req, res, next)));
    app.addHook('onClose', () => vite.close());
    app.setNotFoundHandler((_request, reply) => sendNotFound(reply));
    return;
  }

  const clientDir = config.clientDir;
  const hasClient = existsSync(join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (scripts/precompress.ts); send the best one
      // the browser accepts, with `Vary: Accept-Encoding`.
      preCompressed: true,
      // Our own Cache-Control below, not send's `public, max-age=0`.
      cacheControl: false,
      setHeaders: (res, path) => {
        // Hashed assets never change; index.html and the other unhashed files always revalidate.
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        // Caches must key on the encoding: the same URL may be sent as brotli, gzip or plain; a page also
        // on the cookies (its language, someone signed in or not).
        res.header('vary', /\.html(?:\.br|\.gz)?$/.test(path) ? 'accept-encoding, cookie' : 'accept-encoding');
      },
    });
  }
  const pageFor = hasClient ? prerenderedPages(clientDir) : null;
  app.setNotFoundHandler((request, reply) => {
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (!hasClient || !isRead || isApiPath(request.url)) return sendNotFound(reply);
    reply.type('text/html');
    if (pageFor && !request.session.userId) {
      const cookie = request.cookies[LANGUAGE_COOKIE];
      const { file, status } = pageFor(request.url.split('?', 1)[0]!, isLanguage(cookie) ? cookie : DEFAULT_LANGUAGE);
      return reply.code(status).sendFile(file);
    }
    return reply.sendFile('index.html');
  });
}
