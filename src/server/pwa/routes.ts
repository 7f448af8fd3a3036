import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resources } from '#shared/i18n/index.js';
import { LANGUAGES, type Language } from '#shared/i18n/languages.js';
import { escapeHtml } from '#server/mail/index.js';

/** The app's colours (src/client/styles.css): the top bar's blue, the page's white. */
export const THEME_COLOR = '#1f4fd1';
const BACKGROUND_COLOR = '#ffffff';

/**
 * The web app manifest (docs/contract.md §3.10): what makes the app installable. The icons are the PNGs of
 * src/client/public/icons/ (scripts/make-icons.ts).
 */
export const MANIFEST = {
  id: '/',
  name: 'TradesBid',
  short_name: 'TradesBid',
  description: resources.en.common!.app_description as string,
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/** Where the service worker finds the offline page of a language (src/client/public/sw.js caches both). */
export const OFFLINE_PATH = '/offline';

/** A page needing nothing but itself: the service worker serves it when the network is gone. */
function offlinePage(language: Language): string {
  const text = (key: string) => escapeHtml(resources[language].common![key] as string);
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${THEME_COLOR}"><title>${text('offline_title')} · TradesBid</title>
<style>body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f7f8fb;color:#1c1917}
main{max-width:28rem;margin:0 auto;padding:4rem 1.5rem;text-align:center}h1{font-size:1.5rem;margin:0 0 .75rem}
p{line-height:1.5;margin:0 0 1.5rem}a{display:inline-block;padding:.75rem 1.25rem;border-radius:.5rem;background:${THEME_COLOR};color:#fff;text-decoration:none;font-weight:600}</style>
</head><body><main><p style="font-weight:700;color:${THEME_COLOR}">TradesBid</p><h1>${text('offline_title')}</h1>
<p>${text('offline_body')}</p><a href="/">${text('offline_retry')}</a></main></body></html>
`;
}
const offlinePages = Object.fromEntries(LANGUAGES.map((language) => [language, offlinePage(language)])) as Record<
  Language,
  string
>;

// The installable app (docs/contract.md §3.10): its manifest and the offline page of each language.
export async function pwaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/manifest.webmanifest',
    {
      schema: {
        response: {
          200: {
            description: 'The web app manifest',
            content: { 'application/manifest+json': { schema: z.looseObject({ name: z.string() }) } },
          },
        },
      },
    },
    async (_request, reply) =>
      reply.type('application/manifest+json').header('cache-control', 'no-cache').send(MANIFEST),
  );

  r.get(
    `${OFFLINE_PATH}/:language`,
    {
      schema: {
        params: z.object({ language: z.enum(LANGUAGES) }),
        response: { 200: { description: 'The offline page', content: { 'text/html': { schema: z.string() } } } },
      },
    },
    async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(offlinePages[request.params.language]),
  );
}
