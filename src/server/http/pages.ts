import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '#shared/i18n/languages.js';
import {
  fillDocument,
  PRERENDER_MANIFEST,
  routeMatcher,
  SSR_DIR,
  SSR_ENTRY,
  type PrerenderManifest,
} from '#shared/prerender.js';

/** The cookie the language toggle writes (src/client/lib/i18n.ts). */
const LANGUAGE_COOKIE = 'lang';

type RenderedPage = { html: string; title: string; description: string; namespaces: string[]; state: unknown };
/** src/client/prerender.tsx as the build leaves it in <client build>/ssr. */
type ServerRendering = {
  renderSignedIn: (
    path: string,
    language: Language,
    get: (path: string) => Promise<Response>,
  ) => Promise<RenderedPage | null>;
};

const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/** A page made for this request, compressed as the browser accepts (a quick brotli level: it is made per request). */
async function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding, cookie');
  if (/\bbr\b/.test(accepts)) {
    const body = await compressBrotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(await compressGzip(html));
  return reply.send(html);
}

/**
 * The HTML of the app's routes (DESIGN.md §1 'First paint'), from what `npm run build` left in `clientDir`
 * (scripts/prerender.ts, src/client/prerender.tsx). A visitor nobody is signed in as gets a public page as it
 * was rendered at build time, the app's shell saying that nobody is signed in on the app's other routes, and
 * the 404 page elsewhere. A signed-in user gets their screen rendered here with its data (read through the
 * app's own API as them), or the app's shell where that is not possible. Null without such a build.
 */
export function builtPages(app: FastifyInstance, clientDir: string) {
  const manifestPath = join(clientDir, 'prerendered', PRERENDER_MANIFEST);
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as PrerenderManifest;
  const template = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const isAppRoute = routeMatcher(manifest.routes);
  const isGuestOnly = routeMatcher(manifest.guestOnly);
  const ssrEntry = join(clientDir, SSR_DIR, SSR_ENTRY);
  const rendersSignedIn = existsSync(ssrEntry);
  let rendering: Promise<ServerRendering> | undefined;
  const serverRendering = () => (rendering ??= import(pathToFileURL(ssrEntry).href) as Promise<ServerRendering>);

  async function renderSignedIn(request: FastifyRequest, language: Language) {
    const cookie = request.headers.cookie ?? '';
    const get = async (path: string) => {
      const answer = await app.inject({
        method: 'GET',
        url: path,
        headers: { cookie, accept: 'application/json', host: request.headers.host ?? 'localhost' },
        remoteAddress: request.ip,
      });
      const empty = answer.statusCode === 204 || answer.statusCode === 304;
      return new Response(empty ? null : answer.payload, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
      });
    };
    return (await serverRendering()).renderSignedIn(request.url, language, get);
  }

  return async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?', 1)[0]!;
    const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const cookie = request.cookies[LANGUAGE_COOKIE];
    const language = isLanguage(cookie) ? cookie : DEFAULT_LANGUAGE;
    if (request.session.userId) {
      if (rendersSignedIn && isAppRoute(trimmed) && !isGuestOnly(trimmed)) {
        try {
          const page = await renderSignedIn(request, language);
          if (page)
            return sendHtml(request, reply, fillDocument(template, { ...page, language, nobodySignedIn: false, page }));
        } catch (error) {
          // The browser can still draw the screen itself from the app's shell.
          request.log.warn({ err: error, path: trimmed }, 'server rendering failed; sending the app shell');
        }
      }
      return reply.type('text/html').sendFile('index.html');
    }
    const page = manifest.pages[trimmed] ?? (isAppRoute(trimmed) ? 'shell' : 'not-found');
    return reply
      .code(page === 'not-found' ? 404 : 200)
      .type('text/html')
      .sendFile(`prerendered/${language}/${page}.html`);
  };
}
