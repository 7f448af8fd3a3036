/**
 * What JavaScript a first screen evaluates before it is interactive (issue 31), from the production build.
 *
 *   npm run build && npm run bench:startup
 *
 * For the landing page (a visitor) and a job's page (a signed-in provider), BENCH_STARTUP_RUNS (5) loads each in a
 * fresh Chromium context (empty cache), unthrottled and with the CPU slowed 4× (as Lighthouse's mobile run does),
 * until React has hydrated the page (AppShell's mark on <html>, the moment every control works). It prints the
 * medians of: the scripts fetched until then (count, decoded KB, gzip KB), the main thread's script time
 * (Chromium's Performance.getMetrics ScriptDuration: compiling and running JavaScript), its busy time
 * (TaskDuration) and the time from navigation to the hydration mark.
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Response } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/support/chromium.js';
import { kb, startScreens, table } from './support/screens.js';

const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 5);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

type Sample = { scripts: number; decoded: number; gzip: number; scriptMs: number; taskMs: number; hydratedMs: number };

async function main() {
  const run = await startScreens();
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const rows: (string | number)[][] = [];
  try {
    for (const screen of run.screens.filter((s) => s.name === 'landing' || s.name === 'job detail')) {
      for (const slowdown of [1, 4]) {
        const samples: Sample[] = [];
        for (let i = 0; i < RUNS; i++) {
          const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
          if (screen.loggedIn) {
            const [name, value] = run.cookie.split('=') as [string, string];
            await context.addCookies([{ name, value, url: run.app.url }]);
          }
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await cdp.send('Performance.enable');
          if (slowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
          let hydrated = false;
          const bodies: Promise<Buffer | null>[] = [];
          page.on('response', (response: Response) => {
            if (hydrated || response.request().resourceType() !== 'script') return;
            bodies.push(response.body().catch(() => null));
          });
          const started = Date.now();
          await page.goto(`${run.app.url}${screen.path}`, { waitUntil: 'commit' });
          await page.waitForFunction(() => document.documentElement.dataset.hydrated, undefined, { timeout: 60_000 });
          const hydratedMs = Date.now() - started;
          hydrated = true;
          const { metrics } = await cdp.send('Performance.getMetrics');
          const metric = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
          const scripts = (await Promise.all(bodies)).filter((b): b is Buffer => b !== null);
          samples.push({
            scripts: scripts.length,
            decoded: scripts.reduce((sum, b) => sum + b.length, 0),
            gzip: scripts.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0),
            scriptMs: metric('ScriptDuration'),
            taskMs: metric('TaskDuration'),
            hydratedMs,
          });
          await context.close();
        }
        const of = (key: keyof Sample) => median(samples.map((s) => s[key]));
        rows.push([
          screen.name,
          slowdown === 1 ? 'none' : `${slowdown}×`,
          of('scripts'),
          kb(of('decoded')),
          kb(of('gzip')),
          Math.round(of('scriptMs')),
          Math.round(of('taskMs')),
          Math.round(of('hydratedMs')),
        ]);
      }
    }
  } finally {
    await browser.close();
    await run.stop();
  }
  console.log(
    `JavaScript until hydration, median of ${RUNS} cold loads each:\n\n` +
      table(
        [
          'screen',
          'CPU slowdown',
          'scripts',
          'KB decoded',
          'KB gzip',
          'script ms',
          'main-thread busy ms',
          'to hydrated ms',
        ],
        rows,
      ),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
