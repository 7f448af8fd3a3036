import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#server/http/errors.js';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '#shared/i18n/languages.js';
import { NEXT_BEFORE_HEADER } from '#shared/paging-rules.js';
import {
  fillDocument,
  PRERENDER_MANIFEST,
  routeMatcher,
  SIGNED_OUT_PAGE,
  SSR_DIR,
  SSR_ENTRY,
  withWayBack,
  type PageAnswer,
  type PrerenderManifest,
  type ServerRenderingEntry,
} from '#shared/prerender.js';

/** The cookie the language toggle writes (src/client/lib/i18n.ts). */
const LANGUAGE_COOKIE = 'lang';

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

/** A form's body as it arrived (urlencoded text, or multipart bytes), for the route's action to read. */
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];
/** Photos of a job (docs/contract.md §3: at most 10 of 10 MB) and the form's text around them. */
const FORM_BODY_LIMIT = 10 * 10 * 1024 * 1024 + 1024 * 1024;

const headerValues = (value: string | string[] | number | undefined): string[] =>
  value === undefined ? [] : [value].flat().map(String);

/** The public pages that show what only a server in demo mode knows (the login page's demo accounts). */
const DEMO_PAGES = ['/login'];

/**
 * The HTML of the app's routes (docs/contract.md §1 'First paint' and 'First touch', docs/decisions/030), from what
 * `npm run build` left in `clientDir` (scripts/prerender.ts, src/client/prerender.tsx):
 * - `read` answers a GET. A visitor nobody is signed in as gets a public page as it was rendered at build time;
 *   a public page not rendered then (`/login?mode=register`, `/reset-password?token=…`, `/verify-email?token=…`)
 *   is rendered for that request; a logged-in screen gets the app's shell, which without scripts shows spec §2's
 *   'Unauthorized' and moves on to login; anything else gets the 404 page. A
 *   signed-in user gets their screen rendered here with its data (read through the app's own API as them),
 *   or the app's shell where that is not possible.
 *   In demo mode the login page is rendered for each request too: it lists the demo accounts, which the build
 *   cannot know (GET /api/config), and a visitor without scripts needs them as much as one with.
 * - `submit` answers a form posted natively to a page (before scripts, or without them): the route's action
 *   runs here, calling the app's own API as the person posting (their cookie, Origin and address: the same
 *   schemas, services, rate limits and same-origin rule as a call from scripts), then Post/Redirect/Get (303,
 *   with the cookies the API set, such as a new session) or the page again with the refusal in it.
 * Null without such a build.
 */
export function builtPages(app: FastifyInstance, clientDir: string, { demoMode = false } = {}) {
  const manifestPath = join(clientDir, 'prerendered', PRERENDER_MANIFEST);
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as PrerenderManifest;
  const template = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const isAppRoute = routeMatcher(manifest.routes);
  const isGuestOnly = routeMatcher(manifest.guestOnly);
  const isSignedInOnly = routeMatcher(manifest.signedIn);
  const signedOutPages = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      readFileSync(join(clientDir, 'prerendered', language, `${SIGNED_OUT_PAGE}.html`), 'utf8'),
    ]),
  ) as Record<Language, string>;
  const ssrEntry = join(clientDir, SSR_DIR, SSR_ENTRY);
  const rendersOnServer = existsSync(ssrEntry);
  let rendering: Promise<ServerRenderingEntry> | undefined;
  const serverRendering = () => (rendering ??= import(pathToFileURL(ssrEntry).href) as Promise<ServerRenderingEntry>);

  /** The app's own API as the person behind `request`; the cookies its answers set are kept in `setCookies`. */
  function apiAs(request: FastifyRequest, setCookies: string[]) {
    let cookie = request.headers.cookie ?? '';
    return async (path: string, init: RequestInit = {}) => {
      const headers: Record<string, string> = {
        cookie,
        accept: 'application/json',
        host: request.headers.host ?? 'localhost',
      };
      // The page's Origin: the API's same-origin rule judges the form's post as it would a call from scripts.
      if (request.headers.origin) headers.origin = request.headers.origin;
      let payload: Buffer | undefined;
      if (init.body !== undefined && init.body !== null) {
        // A JSON text or a FormData (photos): as the browser's fetch would encode it.
        const body = new Response(init.body);
        payload = Buffer.from(await body.arrayBuffer());
        headers['content-type'] =
          new Headers(init.headers).get('content-type') ?? body.headers.get('content-type') ?? 'text/plain';
      }
      const answer = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url: path,
        headers,
        payload,
        remoteAddress: request.ip,
      });
      for (const line of headerValues(answer.headers['set-cookie'])) {
        setCookies.push(line);
        // Later calls of this request go as the session the API just started (a sign-in).
        const [pair] = line.split(';', 1) as [string];
        const name = pair.slice(0, pair.indexOf('='));
        cookie = [...cookie.split(/;\s*/).filter((item) => item && !item.startsWith(`${name}=`)), pair].join('; ');
      }
      const empty = answer.statusCode === 204 || answer.statusCode === 304;
      const nextBefore = answer.headers[NEXT_BEFORE_HEADER];
      return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
        status: answer.statusCode,
        headers: {
          'content-type': String(answer.headers['content-type'] ?? 'application/json'),
          // A paged list's next page (docs/contract.md §3.3): the screen's 'Show more' links to it.
          ...(typeof nextBefore === 'string' && { [NEXT_BEFORE_HEADER]: nextBefore }),
        },
      });
    };
  }

  /** The request as the web platform's Request, which the app's router reads. */
  function webRequest(request: FastifyRequest): Request {
    const url = `http://render.invalid${request.url}`;
    if (request.method === 'GET' || request.method === 'HEAD') return new Request(url);
    return new Request(url, {
      method: request.method,
      headers: { 'content-type': String(request.headers['content-type'] ?? '') },
      body: new Uint8Array(request.body as Buffer),
    });
  }

  async function send(request: FastifyRequest, reply: FastifyReply, answer: PageAnswer, setCookies: string[]) {
    const cookies = answer.kind === 'redirect' ? [...setCookies, ...answer.setCookies] : setCookies;
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    // After a submission, the browser GETs the next page (Post/Redirect/Get): 303 whatever the action said.
    if (answer.kind === 'redirect')
      return reply
        .code(request.method === 'GET' ? answer.status : 303)
        .header('location', answer.location)
        .send();
    const { page, nobodySignedIn, state, routerData } = answer;
    const language = languageOf(request);
    const html = fillDocument(template, { ...page, language, nobodySignedIn, page, state, routerData });
    return sendHtml(request, reply.code(answer.status), html);
  }

  async function read(request: FastifyRequest, reply: FastifyReply) {
    const [path, query] = request.url.split('?', 2) as [string, string | undefined];
    const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const language = languageOf(request);
    const signedIn = Boolean(request.session.userId);
    // Nobody signed in: the page rendered at build time when there is one for this very URL; a public page
    // that depends on its query string (`/login?mode=register`, `/reset-password?token=…`) is rendered here.
    const prerendered = trimmed in manifest.pages && !query && !(demoMode && DEMO_PAGES.includes(trimmed));
    const renders =
      rendersOnServer &&
      isAppRoute(trimmed) &&
      (signedIn ? !isGuestOnly(trimmed) : !prerendered && !isSignedInOnly(trimmed));
    if (renders) {
      try {
        const setCookies: string[] = [];
        const answer = await (
          await serverRendering()
        ).answer(webRequest(request), language, apiAs(request, setCookies), { signedInOnly: signedIn });
        if (answer) return await send(request, reply, answer, setCookies);
      } catch (error) {
        // The browser can still draw the screen itself from the app's shell.
        request.log.warn({ err: error, path: trimmed }, 'server rendering failed; sending the app shell');
      }
    }
    if (signedIn) return reply.type('text/html').sendFile('index.html');
    // A logged-in screen: its shell, which without scripts says so and moves on to login, to come back here.
    if (isSignedInOnly(trimmed)) return sendHtml(request, reply, withWayBack(signedOutPages[language], request.url));
    const page = manifest.pages[trimmed] ?? (isAppRoute(trimmed) ? 'shell' : 'not-found');
    return reply
      .code(page === 'not-found' ? 404 : 200)
      .type('text/html')
      .sendFile(`prerendered/${language}/${page}.html`);
  }

  async function submit(request: FastifyRequest, reply: FastifyReply) {
    // A form's body only (a JSON or text body parsed by the app's own parsers is no form a page can read).
    const type = String(request.headers['content-type'] ?? '').toLowerCase();
    if (!FORM_TYPES.some((form) => type.startsWith(form))) throw new AppError('unsupported_media_type');
    const setCookies: string[] = [];
    const answer = await (
      await serverRendering()
    ).answer(webRequest(request), languageOf(request), apiAs(request, setCookies));
    return send(request, reply, answer!, setCookies);
  }

  /** POST on every route of the app, with the two form encodings, for `submit` (spa.ts registers it). */
  async function forms(scope: FastifyInstance) {
    if (!rendersOnServer) return;
    scope.addContentTypeParser(FORM_TYPES, { parseAs: 'buffer', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    for (const route of manifest.routes) scope.post(route, submit);
  }

  return { read, forms };
}

function languageOf(request: FastifyRequest): Language {
  const cookie = request.cookies[LANGUAGE_COOKIE];
  return isLanguage(cookie) ? cookie : DEFAULT_LANGUAGE;
}
