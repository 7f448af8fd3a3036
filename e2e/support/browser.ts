import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { describe } from 'vitest';
import { resources, type Language } from '#shared/i18n/index.js';
import { ROOT } from './build.js';
import { CHROMIUM, CHROMIUM_ARGS, hasBrowser } from './chromium.js';

export { CHROMIUM, hasBrowser };
/** CI (or REQUIRE_BROWSER=1) turns a missing browser into a failure instead of a skip. */
const browserRequired = process.env.CI === 'true' || process.env.REQUIRE_BROWSER === '1';

if (!hasBrowser) {
  const line = `Chromium not found at ${CHROMIUM}: browser journeys ${browserRequired ? 'FAIL' : 'SKIPPED'} (apt-get install -y chromium)`;
  if (browserRequired) throw new Error(line);
  console.warn(`\n!!! ${line}\n`);
}

/** describe() for browser journeys: skipped loudly where Chromium is missing, required in CI. */
export const describeJourney = hasBrowser ? describe : describe.skip;

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

export const DESKTOP = { width: 1280, height: 900 };
export const MOBILE = { width: 375, height: 812 };

/**
 * A browser context for a journey. Its pages are used as a person uses them: a control is clicked or filled the
 * moment it shows, whether or not React has hydrated the page yet (docs/decisions/030-first-touch-forms-and-route-data.md),
 * so a journey fails on a click the app would drop before its scripts run.
 */
export async function newContext(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; language?: 'en' | 'es'; ignoreHTTPSErrors?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    locale: 'en-US',
    // Only journeys that visit the test OpenID provider's own certificate set this.
    ignoreHTTPSErrors: options.ignoreHTTPSErrors ?? false,
  });
  if (options.language) {
    const language = options.language;
    await context.addInitScript((lang) => {
      if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', lang);
    }, language);
  }
  context.setDefaultTimeout(15_000);
  return context;
}

/**
 * Until React has hydrated `page` (AppShell's mark on <html>). For the journeys about hydration itself, and for a
 * screen whose controls still lose what is done to them before it (a known first-touch bug, named where this is
 * called); every other step acts the moment its control shows.
 */
export async function untilHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated);
}

const inFlight = new WeakMap<Page, Set<Request>>();

/** Counts the page's requests in flight from now on, but its event stream (open for the page's life), for settled(). */
export function trackRequests(page: Page): Page {
  const open = new Set<Request>();
  inFlight.set(page, open);
  page.on('request', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/events')) open.add(request);
  });
  const done = (request: Request) => open.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return page;
}

/**
 * The screen has settled: no request of the page (trackRequests) in flight for `quietMs`, so whatever its answers
 * make the page render or log has happened. Call it once the page has hydrated (untilHydrated): before, the gap
 * between the last script's arrival and the first fetch is the CPU's evaluating them, longer than `quietMs`. Playwright's networkidle waits 500 ms of silence after every load (a
 * third of a page's time in the journeys that open every screen); an untracked page falls back to it.
 */
export async function settled(page: Page, quietMs = 100): Promise<void> {
  const open = inFlight.get(page);
  if (!open) return page.waitForLoadState('networkidle');
  const start = Date.now();
  let quietSince = start;
  while (Date.now() - quietSince < quietMs) {
    if (open.size > 0) quietSince = Date.now();
    // A request that never ends is not this helper's to judge: after 10 s, what networkidle would say.
    if (Date.now() - start > 10_000) return page.waitForLoadState('networkidle');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const SCREENSHOT_DIR = join(ROOT, 'screenshots');

/**
 * Screenshots are for people to look at, not assertions: CI, where nobody looks, skips them (about a
 * minute of the journeys); E2E_SCREENSHOTS=1 takes them anyway.
 */
export const takesScreenshots = process.env.E2E_SCREENSHOTS === '1' || process.env.CI !== 'true';

/** Full-page screenshot into screenshots/<name>.png (kept out of git) for people to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  if (!takesScreenshots) return path;
  // A picture of the settled page: journeys themselves act without waiting for it.
  await page.waitForLoadState('networkidle');
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Register through the real login page's Create account tab is journey-specific; this is the API shortcut. */
export async function registerViaApi(
  page: Page,
  baseUrl: string,
  user: { email: string; password: string; firstName: string; lastName: string },
): Promise<void> {
  const response = await page.request.post(`${baseUrl}/api/auth/register`, {
    data: user,
    headers: { origin: baseUrl },
  });
  if (response.status() !== 201) throw new Error(`register failed: ${response.status()} ${await response.text()}`);
}

/**
 * A catalog text as the user reads it in `lang`: with a numeric `count` its _one/_other form, else the
 * key itself or its _other form, with {{values}} filled in.
 */
export function catalogText(lang: Language, key: string, values: Record<string, string | number> = {}): string {
  const [ns, name] = key.split(':') as [string, string];
  const catalog = resources[lang][ns] as Record<string, string>;
  const plural = typeof values.count === 'number' ? `${name}_${values.count === 1 ? 'one' : 'other'}` : null;
  const template = (plural && catalog[plural]) ?? catalog[name] ?? catalog[`${name}_other`];
  if (template === undefined) throw new Error(`no ${key} in ${lang}`);
  return template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));
}

/** A page in a new browser context whose user has just registered through the API (password `password`). */
export async function registeredPage(
  browser: Browser,
  baseUrl: string,
  user: { name: string; lang: Language; password: string; viewport?: { width: number; height: number } },
): Promise<Page> {
  const context = await newContext(browser, { viewport: user.viewport, language: user.lang });
  const page = await context.newPage();
  await registerViaApi(page, baseUrl, {
    email: `${user.name.toLowerCase()}-${user.lang}-${Date.now()}@example.com`,
    password: user.password,
    firstName: user.name,
    lastName: 'Tester',
  });
  return page;
}
