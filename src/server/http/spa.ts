import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '#server/config.js';
import { sendNotFound } from '#server/http/error-handler.js';
import { builtPages } from '#server/http/pages.js';
import { SSR_DIR } from '#shared/prerender.js';

const API_PREFIXES = ['/api/', '/uploads/', '/healthz', '/readyz'];
const isApiPath = (url: string) => url === '/api' || API_PREFIXES.some((p) => url.startsWith(p));
/**
 * The React app: built files from dist/client in production, Vite's middleware in development.
 * Client routes fall back to index.html; unknown /api paths answer a JSON 404.
 */
export async function registerSpa(app: FastifyInstance, config: Config, { demoMode = false } = {}) {
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
      // The server-side rendering code (src/client/prerender.tsx) lives in the build but is not a page.
      allowedPath: (path) => !path.startsWith(`/${SSR_DIR}/`),
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
  const pages = hasClient ? builtPages(app, clientDir, { demoMode }) : null;
  // Forms posted natively to a page (before scripts, or without them): docs/decisions/030.
  if (pages) await app.register(pages.forms);
  app.setNotFoundHandler((request, reply) => {
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (!hasClient || !isRead || isApiPath(request.url)) return sendNotFound(reply);
    if (pages) return pages.read(request, reply);
    return reply.type('text/html').sendFile('index.html');
  });
}
