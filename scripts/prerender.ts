// Renders the public pages at build time, in every language (DESIGN.md §1 'First paint'), into
// dist/client/prerendered/<language>/<page>.html, beside a manifest the server reads (src/server/http/spa.ts).
// Run by `npm run build` after the client build and the server-rendering build of src/client/prerender.tsx:
// `tsx scripts/prerender.ts [client build folder] [server-rendering build folder]`.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LANGUAGES } from '../src/shared/i18n/languages.js';
import { PRERENDER_MANIFEST, type PrerenderManifest } from '../src/shared/prerender.js';
import { precompressDir } from './precompress.js';

type RenderedPage = { html: string; title: string; description: string; namespaces: string[] };
type Entry = {
  renderPage: (path: string, language: string) => Promise<RenderedPage>;
  PRERENDERED_PAGES: Record<string, string>;
  appRoutePaths: () => string[];
};

const clientDir = resolve(process.argv[2] ?? 'dist/client');
const outDir = join(clientDir, 'prerendered');
const entry = (await import(
  pathToFileURL(join(resolve(process.argv[3] ?? 'dist/prerender'), 'prerender.js')).href
)) as Entry;
const template = readFileSync(join(clientDir, 'index.html'), 'utf8');

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function replaceOnce(html: string, pattern: RegExp, replacement: string): string {
  if (!pattern.test(html)) throw new Error(`dist/client/index.html has no ${pattern}`);
  return html.replace(pattern, () => replacement);
}

/**
 * The built index.html in `language`, saying that nobody is signed in (the client then does not ask who is),
 * with `page`'s markup in #root when there is one (else the boot spinner stays, for the app to replace).
 */
function document(language: string, head: { title: string; description: string }, page?: RenderedPage): string {
  let html = replaceOnce(template, /<html lang="[^"]*">/, `<html lang="${language}">`);
  html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeAttribute(head.title)}</title>`);
  html = replaceOnce(
    html,
    /<meta\s+name="description"\s+content="[^"]*"\s*\/>/,
    `<meta name="description" content="${escapeAttribute(head.description)}" />\n    <meta name="session" content="none" />` +
      (page ? `\n    <meta name="prerendered-namespaces" content="${page.namespaces.join(',')}" />` : ''),
  );
  if (page) {
    html = replaceOnce(
      html,
      /<div id="root">[\s\S]*?<\/div>\s*<\/div>/,
      `<div id="root" data-prerendered="${language}">${page.html}</div>`,
    );
  }
  return html;
}

rmSync(outDir, { recursive: true, force: true });
const pages = { ...entry.PRERENDERED_PAGES, 'not-found': '/this-page-does-not-exist' };
for (const language of LANGUAGES) {
  mkdirSync(join(outDir, language), { recursive: true });
  let head: RenderedPage | undefined;
  for (const [name, path] of Object.entries(pages)) {
    const page = await entry.renderPage(path, language);
    head ??= page;
    writeFileSync(join(outDir, language, `${name}.html`), document(language, page, page));
  }
  writeFileSync(join(outDir, language, 'shell.html'), document(language, head!));
}
const manifest: PrerenderManifest = {
  pages: Object.fromEntries(Object.entries(entry.PRERENDERED_PAGES).map(([name, path]) => [path, name])),
  routes: entry.appRoutePaths(),
};
writeFileSync(join(outDir, PRERENDER_MANIFEST), JSON.stringify(manifest, null, 2));
const { files } = precompressDir(outDir);
console.log(`prerendered ${Object.keys(pages).length} pages in ${LANGUAGES.join(', ')} (${files} files compressed)`);
