// Renders the public pages at build time, in every language (docs/contract.md §1 'First paint'), into
// <client build>/prerendered/<language>/<page>.html, beside a manifest the server reads (src/server/http/spa.ts).
// Run by `npm run build` after the client build and the server-rendering build of src/client/prerender.tsx
// (into <client build>/ssr): `tsx scripts/prerender.ts [client build folder]`.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { resources } from '../src/shared/i18n/index.js';
import { LANGUAGES } from '../src/shared/i18n/languages.js';
import {
  fillDocument,
  PRERENDER_MANIFEST,
  SIGNED_OUT_PAGE,
  SSR_DIR,
  SSR_ENTRY,
  type PrerenderManifest,
  type RenderedPage,
  type ServerRenderingEntry,
} from '../src/shared/prerender.js';
import { precompressDir } from './precompress.js';

const clientDir = resolve(process.argv[2] ?? 'dist/client');
const outDir = join(clientDir, 'prerendered');
const entry = (await import(pathToFileURL(join(clientDir, SSR_DIR, SSR_ENTRY)).href)) as ServerRenderingEntry;
const template = readFileSync(join(clientDir, 'index.html'), 'utf8');

rmSync(outDir, { recursive: true, force: true });
const pages = { ...entry.PRERENDERED_PAGES, 'not-found': '/this-page-does-not-exist' };
for (const language of LANGUAGES) {
  mkdirSync(join(outDir, language), { recursive: true });
  let head: RenderedPage | undefined;
  for (const [name, path] of Object.entries(pages)) {
    const page = await entry.renderPage(path, language);
    head ??= page;
    writeFileSync(
      join(outDir, language, `${name}.html`),
      fillDocument(template, { ...page, language, nobodySignedIn: true, page }),
    );
  }
  // The app's shell for the other routes, in this language, saying that nobody is signed in.
  writeFileSync(
    join(outDir, language, 'shell.html'),
    fillDocument(template, { ...head!, language, nobodySignedIn: true }),
  );
  // The shell of the logged-in screens, for a visitor nobody is signed in as (pages.ts fills in the way back).
  const common = resources[language].common as Record<string, string>;
  const signedOut = {
    title: common.unauthorized_title!,
    detail: common.unauthorized_description!,
    signIn: (resources[language].auth as Record<string, string>).sign_in!,
  };
  writeFileSync(
    join(outDir, language, `${SIGNED_OUT_PAGE}.html`),
    fillDocument(template, { ...head!, language, nobodySignedIn: true, signedOut }),
  );
}
const manifest: PrerenderManifest = {
  pages: Object.fromEntries(Object.entries(entry.PRERENDERED_PAGES).map(([name, path]) => [path, name])),
  routes: entry.appRoutePaths(),
  guestOnly: entry.GUEST_ONLY_PATHS,
  signedIn: entry.appRoutePaths({ signedIn: true }),
};
writeFileSync(join(outDir, PRERENDER_MANIFEST), JSON.stringify(manifest, null, 2));
const { files } = precompressDir(outDir);
console.log(`prerendered ${Object.keys(pages).length} pages in ${LANGUAGES.join(', ')} (${files} files compressed)`);
