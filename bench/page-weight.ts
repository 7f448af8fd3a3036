/**
 * JavaScript weight of each first screen, as Chromium loads it from the production build.
 *
 *   npm run build && npm run bench:pages
 *
 * Starts the built server as its own process on a fresh embedded database, registers a user (who
 * becomes a provider and posts a job) through the API, then loads every screen in a fresh Chromium
 * context (empty cache) and sums the scripts it fetched: bytes over the wire (transfer size the
 * network reports, headers excluded), bytes decoded, and the gzip of each body computed here (level 9,
 * what a precompressing server ships) so the figure means something whatever the server compresses.
 * Budget (issue 16): the landing page ≤ 150 KB of JS gzipped, every other first screen ≤ 250 KB.
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Response } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/support/chromium.js';
import { kb, startScreens, table } from './support/screens.js';

const BUDGET_KB = { landing: 150, other: 250 };

type Weight = { scripts: number; wire: number; decoded: number; gzip: number; cssGzip: number };
/** BENCH_PAGES_FILES=1 also lists every script of every screen with its gzipped size. */
const LIST_FILES = process.env.BENCH_PAGES_FILES === '1';

async function main() {
  const run = await startScreens();
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const rows: (string | number)[][] = [];
  const notes: string[] = [];
  let overBudget = 0;
  try {
    for (const screen of run.screens) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
      if (screen.loggedIn) {
        const [name, value] = run.cookie.split('=') as [string, string];
        await context.addCookies([{ name, value, url: run.app.url }]);
      }
      const page = await context.newPage();
      const responses: Promise<Weight>[] = [];
      page.on('response', (response: Response) => {
        const type = response.request().resourceType();
        const url = response.url();
        const isScript = type === 'script' || url.endsWith('.js');
        const isCss = type === 'stylesheet' || url.endsWith('.css');
        if (!isScript && !isCss) return;
        responses.push(
          (async () => {
            const body = await response.body();
            const sizes = await response.request().sizes();
            const gzip = gzipSync(body, { level: 9 }).length;
            if (LIST_FILES && isScript) console.log(`  ${screen.name}: ${new URL(url).pathname} ${kb(gzip)} KB gzip`);
            return isScript
              ? { scripts: 1, wire: sizes.responseBodySize, decoded: body.length, gzip, cssGzip: 0 }
              : { scripts: 0, wire: 0, decoded: 0, gzip: 0, cssGzip: gzip };
          })().catch(
            // A response that comes as the screen's context closes (after network idle) is not counted; its body
            // can no longer be read (a loaded machine made this crash the run).
            (): Weight => ({ scripts: 0, wire: 0, decoded: 0, gzip: 0, cssGzip: 0 }),
          ),
        );
      });
      await page.goto(`${run.app.url}${screen.path}`, { waitUntil: 'networkidle' });
      const heading =
        (await page
          .locator('h1')
          .first()
          .textContent({ timeout: 5_000 })
          .catch(() => null)) ?? '';
      const missing = heading.trim() === run.notFoundTitle;
      const total = (await Promise.all(responses)).reduce(
        (sum, w) => ({
          scripts: sum.scripts + w.scripts,
          wire: sum.wire + w.wire,
          decoded: sum.decoded + w.decoded,
          gzip: sum.gzip + w.gzip,
          cssGzip: sum.cssGzip + w.cssGzip,
        }),
        { scripts: 0, wire: 0, decoded: 0, gzip: 0, cssGzip: 0 },
      );
      await context.close();
      if (missing) {
        rows.push([
          screen.name,
          '-',
          '-',
          '-',
          '-',
          '-',
          '-',
          `skipped: not built yet (${screen.pending ?? 'no route'})`,
        ]);
        notes.push(screen.name);
        continue;
      }
      const budget = screen.name === 'landing' ? BUDGET_KB.landing : BUDGET_KB.other;
      const ok = total.gzip / 1024 <= budget;
      if (!ok) overBudget += 1;
      rows.push([
        screen.name,
        total.scripts,
        kb(total.wire),
        kb(total.decoded),
        kb(total.gzip),
        kb(total.cssGzip),
        budget,
        ok ? 'ok' : 'OVER',
      ]);
    }
  } finally {
    await browser.close();
    await run.stop();
  }
  console.log('\nJavaScript per first screen (KB = 1024 bytes; fresh cache; desktop viewport)\n');
  console.log(
    table(
      ['screen', 'scripts', 'JS wire KB', 'JS decoded KB', 'JS gzip KB', 'CSS gzip KB', 'budget KB', 'status'],
      rows,
    ),
  );
  if (notes.length > 0) console.log(`\nSkipped until their screens land: ${notes.join(', ')}.`);
  if (overBudget > 0) {
    console.log(`\n${overBudget} screen(s) over budget.`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
