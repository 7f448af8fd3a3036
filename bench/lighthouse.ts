/**
 * Lighthouse on the production build, with Debian's Chromium and Lighthouse's default (mobile) settings.
 *
 *   npm run build && npm run bench:lighthouse
 *
 * Starts the built server as its own process on a fresh embedded database (bench/support/screens.ts),
 * then audits each screen; logged-in screens get the session cookie of a registered user in the browser. Prints
 * performance, accessibility, best practices and SEO per screen (bar: 95 each) and, for any score
 * under the bar, the audits that cost it. Screens whose routes are not built yet are skipped with a note.
 * `BENCH_LIGHTHOUSE_DIR=<dir>` also writes each screen's full report (lhr JSON) there;
 * `BENCH_LIGHTHOUSE_SCREENS=landing,dashboard` audits only those screens; `BENCH_LIGHTHOUSE_RUNS` (3) runs
 * each screen that many times and reports the median.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/support/chromium.js';
import { isMissing, startScreens, table } from './support/screens.js';

// Nothing here may fetch a browser.
process.env.PUPPETEER_SKIP_DOWNLOAD = '1';
process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';

const SCREENS = process.env.BENCH_LIGHTHOUSE_SCREENS?.split(',') ?? [
  'landing',
  'login',
  'dashboard',
  'job detail',
  'find providers',
  'messages',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const BAR = 95;
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** The table's cells between a screen's name and its status, for a screen without figures. */
const NO_FIGURES = Array<string>(7).fill('-');

type Audit = { id: string; title: string; score: number | null; weight: number };

async function main() {
  const run = await startScreens();
  const probe = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
  });
  // The session travels as a real cookie in the browser Lighthouse drives (not an extra request header, which
  // the page's EventSource does not carry: its 401 sent the page to login in the middle of the audit).
  const jar = (await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`)).contexts()[0]!;
  const [cookieName, cookieValue] = run.cookie.split('=') as [string, string];
  const rows: (string | number)[][] = [];
  const shortfalls: string[] = [];
  try {
    for (const screen of run.screens.filter((s) => SCREENS.includes(s.name))) {
      if (await isMissing(probe, run, screen)) {
        rows.push([screen.name, ...NO_FIGURES, `skipped: not built yet (${screen.pending ?? 'no route'})`]);
        continue;
      }
      // Each screen RUNS times; the run with the median performance score stands for it (its other scores,
      // its report and what holds it down), as Lighthouse's own guidance on variance suggests.
      await jar.clearCookies();
      if (screen.loggedIn) await jar.addCookies([{ name: cookieName, value: cookieValue, url: run.app.url }]);
      const runs: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'][] = [];
      // A run Lighthouse could not measure (its runtime error, e.g. NO_NAVSTART: the trace missed the navigation)
      // is reported below and run again, at most RUNS more times: a 0 is not a score of the page.
      let failures = 0;
      while (runs.length < RUNS && failures <= RUNS) {
        const result = await lighthouse(
          `${run.app.url}${screen.path}`,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: [...CATEGORIES],
          },
          undefined,
        );
        if (result!.lhr.runtimeError) {
          failures += 1;
          shortfalls.push(
            `${screen.name} / a run Lighthouse could not measure, run again: ${result!.lhr.runtimeError.message}`,
          );
          continue;
        }
        runs.push(result!.lhr);
      }
      if (runs.length === 0) {
        rows.push([screen.name, ...NO_FIGURES, 'FAILED: no run could be measured']);
        continue;
      }
      const performance = (lhr: (typeof runs)[number]) => lhr.categories.performance?.score ?? 0;
      runs.sort((a, b) => performance(a) - performance(b));
      const lhr = runs[Math.floor(runs.length / 2)]!;
      const spread = runs.map((r) => Math.round(performance(r) * 100)).join('/');
      // Total Blocking Time decides the score of a page that arrives rendered (docs/decisions/027-blocking-time.md).
      const blocking = (r: (typeof runs)[number]) => Math.round(r.audits['total-blocking-time']?.numericValue ?? 0);
      const reportDir = process.env.BENCH_LIGHTHOUSE_DIR;
      if (reportDir) {
        mkdirSync(reportDir, { recursive: true });
        writeFileSync(join(reportDir, `${screen.name.replaceAll(' ', '-')}.json`), JSON.stringify(lhr));
        runs.forEach((each, index) =>
          writeFileSync(
            join(reportDir, `${screen.name.replaceAll(' ', '-')}-run${index + 1}.json`),
            JSON.stringify(each),
          ),
        );
      }
      const scores = CATEGORIES.map((id) => Math.round((lhr.categories[id]?.score ?? 0) * 100));
      rows.push([
        screen.name,
        ...scores,
        spread,
        blocking(lhr),
        runs.map(blocking).join('/'),
        scores.every((s) => s >= BAR) ? 'ok' : 'BELOW',
      ]);
      for (const id of CATEGORIES) {
        const category = lhr.categories[id]!;
        if (Math.round((category.score ?? 0) * 100) >= BAR) continue;
        const lost = category.auditRefs
          .map((ref) => ({ ...(lhr.audits[ref.id] as unknown as Audit), weight: ref.weight }))
          .filter((audit) => audit.score !== null && audit.score < 1 && audit.weight > 0)
          .sort((a, b) => b.weight * (1 - (b.score ?? 0)) - a.weight * (1 - (a.score ?? 0)))
          .slice(0, 5)
          .map((audit) => {
            const value = (lhr.audits[audit.id] as { displayValue?: string }).displayValue;
            return `${audit.title}${value ? ` (${value})` : ''} [${Math.round((audit.score ?? 0) * 100)}]`;
          });
        shortfalls.push(`${screen.name} / ${id}: ${lost.join('; ')}`);
        if (id === 'performance') {
          const opportunities = Object.values(lhr.audits)
            .map((audit) => ({
              title: audit.title,
              ms: (audit.details as { overallSavingsMs?: number } | undefined)?.overallSavingsMs ?? 0,
              bytes: (audit.details as { overallSavingsBytes?: number } | undefined)?.overallSavingsBytes ?? 0,
            }))
            .filter((o) => o.ms > 0)
            .sort((a, b) => b.ms - a.ms)
            .slice(0, 4)
            .map((o) => `${o.title} (${Math.round(o.ms)} ms${o.bytes ? `, ${Math.round(o.bytes / 1024)} KB` : ''})`);
          if (opportunities.length > 0) shortfalls.push(`${screen.name} / opportunities: ${opportunities.join('; ')}`);
        }
      }
    }
  } finally {
    await chrome.kill();
    await probe.close();
    await run.stop();
  }
  console.log(
    `\nLighthouse, default mobile settings (simulated slow 4G, 4× CPU slowdown), production build, median of ${RUNS}\n`,
  );
  console.log(
    table(
      [
        'screen',
        'performance',
        'accessibility',
        'best practices',
        'SEO',
        'performance of each run',
        'TBT ms',
        'TBT of each run',
        'status',
      ],
      rows,
    ),
  );
  if (shortfalls.length > 0) {
    console.log(`\nWhat holds scores under ${BAR}:`);
    for (const line of shortfalls) console.log(`- ${line}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
