import type { Language } from './i18n/languages.js';
import { loginUrl } from './return-to.js';

// The pages the React app renders outside the browser (src/client/prerender.tsx, docs/contract.md §1 'First paint'):
// what the build leaves for the server, and the one way both put a rendered page into the built index.html.

/** The file beside the prerendered pages (dist/client/prerendered) that tells the server what is there. */
export const PRERENDER_MANIFEST = 'manifest.json';
/** Where the build puts the server-side rendering code, inside the client build (never served). */
export const SSR_DIR = 'ssr';
export const SSR_ENTRY = 'prerender.js';
/** The page (dist/client/prerendered/<language>/<name>.html) of a logged-in screen for a visitor signed in as nobody. */
export const SIGNED_OUT_PAGE = 'signed-out';

export type PrerenderManifest = {
  /** Path → page name: dist/client/prerendered/<language>/<name>.html. */
  pages: Record<string, string>;
  /** Every route of the app (react-router patterns such as `/jobs/:id`), to tell a page from a 404. */
  routes: string[];
  /** Routes a signed-in user gets the app's shell on instead of a rendered page (the login page…). */
  guestOnly: string[];
  /** Routes only a signed-in user sees (spec §2): a visitor nobody is signed in as gets the signed-out page there. */
  signedIn: string[];
};

/** A page rendered outside the browser. */
export type RenderedPage = {
  /** The markup of `#root`. */
  html: string;
  /** `<title>` and the meta description, in the page's language. */
  title: string;
  description: string;
  /** Catalogs the page read: the client loads them before it hydrates, so its first render matches. */
  namespaces: string[];
  /** The catalogs every screen reads up front, in the page's language, by namespace: they come with the page. */
  catalogs: Record<string, unknown>;
};

/** A call to the app's own API on behalf of the person whose request is being answered (fetch's shape). */
export type ApiFetch = (path: string, init?: RequestInit) => Promise<Response>;

/**
 * What a request to a page comes to: a page, or a redirect (an action's Post/Redirect/Get, a loader's). The
 * client names the types of its query cache and router data; the server only hands them on.
 */
export type PageAnswer<State = unknown, RouterData = unknown> =
  | {
      kind: 'page';
      status: number;
      page: RenderedPage;
      /** Nobody is signed in (the client then does not ask who is). */
      nobodySignedIn: boolean;
      /** The query cache the page was drawn from, for the browser to start from. */
      state: State;
      /** The router's loader and action data, for the browser's router to start from. */
      routerData: RouterData;
    }
  | { kind: 'redirect'; status: number; location: string; setCookies: string[] };

/**
 * src/client/prerender.tsx as the build leaves it in <client build>/SSR_DIR/SSR_ENTRY: what the server
 * (answering a request) and scripts/prerender.ts (rendering the public pages at build time) call.
 */
export type ServerRenderingEntry = {
  answer: (
    request: Request,
    language: Language,
    fetch: ApiFetch | null,
    options?: { signedInOnly?: boolean },
  ) => Promise<PageAnswer | null>;
  renderPage: (path: string, language: Language) => Promise<RenderedPage>;
  PRERENDERED_PAGES: Record<string, string>;
  GUEST_ONLY_PATHS: string[];
  appRoutePaths: (options?: { signedIn?: boolean }) => string[];
};

/** A matcher for the app's route patterns: `:param` is one non-empty segment, `*` anything. */
export function routeMatcher(patterns: string[]): (path: string) => boolean {
  const expressions = patterns.map((pattern) => {
    const source = pattern
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    return new RegExp(`^${source}/?$`);
  });
  return (path) => expressions.some((expression) => expression.test(path));
}

export type DocumentParts = {
  language: string;
  title: string;
  description: string;
  /** Nobody is signed in: the client then does not ask who is (no 401 in the console). */
  nobodySignedIn: boolean;
  /** A rendered page for #root, and the catalogs it read and brings; without one the boot spinner stays. */
  page?: { html: string; namespaces: string[]; catalogs: Record<string, unknown> };
  /** The query cache the page was rendered from, handed to the client in a JSON data block (no inline script). */
  state?: unknown;
  /** The router's loader and action data the page was rendered with, in a JSON data block too. */
  routerData?: unknown;
  /**
   * The shell of a logged-in screen for a visitor nobody is signed in as: scripts show spec §2's 'Unauthorized'
   * notice and move on to login; without them, the same notice in the page, and the browser moves on by itself.
   */
  signedOut?: { title: string; detail: string; signIn: string };
};

/** The ids of the JSON data blocks a rendered page carries for the browser (src/client/main.tsx). */
export const QUERY_CACHE_ID = 'query-cache';
export const ROUTER_DATA_ID = 'router-data';
/** The up-front catalogs in the page's language (`{ language, catalogs }`), so the app's JavaScript holds none. */
export const CATALOGS_ID = 'catalogs';

/** A value in a JSON data block: `<` escaped, so no text in it can close the block. */
const dataBlock = (id: string, value: unknown) =>
  value === undefined
    ? ''
    : `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function replaceOnce(html: string, pattern: RegExp, replacement: string): string {
  if (!pattern.test(html)) throw new Error(`the built index.html has no ${pattern}`);
  return html.replace(pattern, () => replacement);
}

/** Where a signed-out shell links to the login page; `withWayBack` fills in the way back, per request. */
const WAY_BACK = '{{login-with-way-back}}';

/** A signed-out shell (`signedOut`) as the visitor of `path` gets it: its login links come back to `path`. */
export function withWayBack(html: string, path: string): string {
  return html.replaceAll(WAY_BACK, escapeAttribute(loginUrl(path)));
}

/**
 * A logged-in screen's shell without scripts (docs/decisions/030): the notice scripts would show, a link to sign
 * in, and the browser's own move to it a second later (the nearest a refresh comes to spec §9's 500 ms); the
 * boot spinner, which only scripts would replace, is hidden. A reader with scripts gets the shell unchanged.
 */
function signedOutShell(html: string, { title, detail, signIn }: NonNullable<DocumentParts['signedOut']>) {
  const refresh = `<noscript><meta http-equiv="refresh" content="1; url=${WAY_BACK}" /></noscript>`;
  html = replaceOnce(html, /<\/head>/, `  ${refresh}\n  </head>`);
  html = replaceOnce(html, /<div id="boot-spinner" class="/, '<div id="boot-spinner" class="noscript:hidden ');
  const notice =
    '<noscript><div role="alert" class="mx-4 my-16 grid max-w-md gap-2 rounded-xl sm:mx-auto border border-destructive/40 ' +
    `bg-card p-6 text-center"><p class="font-semibold text-destructive">${escapeAttribute(title)}</p>` +
    `<p class="text-sm text-muted-foreground">${escapeAttribute(detail)}</p>` +
    `<a class="font-semibold text-primary underline" href="${WAY_BACK}">${escapeAttribute(signIn)}</a></div></noscript>`;
  return replaceOnce(html, /<div id="root">/, `<div id="root">${notice}`);
}

/** The built index.html (`template`) made into one page: its language, head, markup and data. */
export function fillDocument(template: string, parts: DocumentParts): string {
  let html = replaceOnce(template, /<html lang="[^"]*">/, `<html lang="${parts.language}">`);
  html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeAttribute(parts.title)}</title>`);
  const meta = [`<meta name="description" content="${escapeAttribute(parts.description)}" />`];
  if (parts.nobodySignedIn) meta.push('<meta name="session" content="none" />');
  if (parts.page) meta.push(`<meta name="prerendered-namespaces" content="${parts.page.namespaces.join(',')}" />`);
  html = replaceOnce(html, /<meta\s+name="description"\s+content="[^"]*"\s*\/>/, meta.join('\n    '));
  if (parts.signedOut) html = signedOutShell(html, parts.signedOut);
  if (parts.page) {
    const data =
      dataBlock(CATALOGS_ID, { language: parts.language, catalogs: parts.page.catalogs }) +
      dataBlock(QUERY_CACHE_ID, parts.state) +
      dataBlock(ROUTER_DATA_ID, parts.routerData);
    html = replaceOnce(
      html,
      /<div id="root">[\s\S]*?<\/div>\s*<\/div>/,
      `<div id="root" data-prerendered="${parts.language}">${parts.page.html}</div>${data}`,
    );
  }
  return html;
}
