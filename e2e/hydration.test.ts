import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { Language } from '#shared/i18n/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#server/db/seed/demo.js';
import { journeyFixture } from './support/journey.js';
import {
  describeJourney,
  DESKTOP,
  MOBILE,
  newContext,
  registerViaApi,
  settled,
  trackRequests,
  untilHydrated,
} from './support/browser.js';

// Issue 31 (no hydration mismatch anywhere): a page that arrived rendered hydrates without a mismatch, on every screen
// (the routes of src/client/app.tsx), in both languages (the `lang` cookie picks the page the server sends), on a
// desktop and a phone. Any console error fails, a React hydration error (#418, #419, #423, #425) above all.

const ADMIN_EMAIL = 'hydration-admin@example.com';
const PASSWORD = 'correct horse battery';

type Who = 'visitor' | 'customer' | 'provider' | 'admin';

/**
 * Screens that may arrive as the app's shell, drawn in the browser (nothing to hydrate): the password-reset pages
 * (the build prerenders the other public pages: README, architecture point 9) and a signed-in user's 404 (the
 * server renders the app's routes, not its catch-all).
 */
const arrivesAsShell = (who: Who, pathname: string) =>
  ['/forgot-password', '/reset-password'].includes(pathname) || (who !== 'visitor' && pathname === '/nope');

/** Every route of app.tsx, opened by someone who may see it; `:job`, `:own-job`, `:provider` filled in below. */
const SCREENS: Record<Who, string[]> = {
  visitor: ['/', '/login', '/forgot-password', '/reset-password?token=not-a-real-token', '/terms', '/privacy', '/nope'],
  customer: [
    '/',
    '/dashboard',
    '/jobs/:own-job',
    '/jobs/:posted-job',
    '/post-job',
    '/messages',
    '/projects',
    '/settings',
    '/find-providers',
    '/provider/:provider',
    '/terms',
    '/nope',
  ],
  provider: [
    '/dashboard',
    '/provider-dashboard',
    '/jobs/:job',
    '/business-profile',
    '/buy-credits',
    '/checkout',
    '/messages',
    '/projects',
    // A provider's settings carry the weekly credit cap form (docs/decisions/042-spend-controls.md).
    '/settings',
  ],
  admin: ['/admin'],
};

describeJourney('every screen hydrates without a mismatch, in English and Spanish, at 1280 and 375 px', () => {
  const { app, browser } = journeyFixture({ SEED_DEMO: 'true', ADMIN_EMAILS: ADMIN_EMAIL });
  const ids: Record<string, string> = {};
  const customer = DEMO_ACCOUNTS.find((a) => a.role === 'customer')!;
  const provider = DEMO_ACCOUNTS.find((a) => a.role === 'provider')!;

  beforeAll(async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await registerViaApi(page, app.url, { email: ADMIN_EMAIL, password: PASSWORD, firstName: 'Ada', lastName: 'Min' });
    await page.context().clearCookies();
    await signIn(page, customer.email, DEMO_PASSWORD);
    const get = async <T>(path: string) => (await (await page.request.get(`${app.url}${path}`)).json()) as T;
    ids['own-job'] = (await get<{ id: string }[]>('/api/my-jobs'))[0]!.id;
    ids.job = (await get<{ id: string }[]>('/api/jobs'))[0]!.id;
    ids.provider = (await get<{ id: string }[]>('/api/providers/search'))[0]!.id;
    // A job posted a moment ago (the issue's #418: posting a job and opening it).
    const categories = await get<{ id: number }[]>('/api/categories');
    const posted = await page.request.post(`${app.url}/api/jobs`, {
      headers: { origin: app.url },
      data: {
        categoryId: categories[0]!.id,
        title: 'Replace a leaking kitchen faucet',
        description: 'The kitchen faucet drips all night; the cartridge or the whole faucet needs replacing.',
        zipCode: '78701',
        city: 'Austin',
        state: 'TX',
        budgetMin: '150',
        budgetMax: '300',
        timeline: 'asap',
      },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    ids['posted-job'] = ((await posted.json()) as { id: string }).id;
    await context.close();
  });

  async function signIn(page: Page, email: string, password: string) {
    const login = await page.request.post(`${app.url}/api/auth/login`, {
      data: { email, password },
      headers: { origin: app.url },
    });
    expect(login.status()).toBe(200);
  }

  /**
   * One browser session per reader and language, signed in once: the phone's test resizes the desktop's window
   * instead of signing in anew, and finds the app's scripts in the session's cache, as a returning reader does.
   */
  const sessions = new Map<string, Promise<BrowserContext>>();
  function sessionOf(who: Who, lang: Language): Promise<BrowserContext> {
    const key = `${who} ${lang}`;
    if (!sessions.has(key)) sessions.set(key, openSession(who, lang));
    return sessions.get(key)!;
  }
  async function openSession(who: Who, lang: Language): Promise<BrowserContext> {
    const context = await newContext(browser);
    // The language as a returning reader carries it: the `lang` cookie the server picks the page by.
    await context.addCookies([{ name: 'lang', value: lang, url: app.url }]);
    const page = await context.newPage();
    if (who !== 'visitor') {
      const account = { customer: customer.email, provider: provider.email, admin: ADMIN_EMAIL }[who];
      await signIn(page, account, who === 'admin' ? PASSWORD : DEMO_PASSWORD);
    }
    await page.close();
    return context;
  }

  for (const lang of ['en', 'es'] as const) {
    for (const viewport of [DESKTOP, MOBILE]) {
      for (const who of Object.keys(SCREENS) as Who[]) {
        it(`logs no hydration or other console error on a ${who}'s screens (${lang}, ${viewport.width} px)`, async () => {
          const page = trackRequests(await (await sessionOf(who, lang)).newPage());
          await page.setViewportSize(viewport);
          const errors: string[] = [];
          let path = '';
          page.on('console', (message) => {
            if (message.type() === 'error') errors.push(`${path}: ${message.text()}`);
          });
          page.on('pageerror', (error) => errors.push(`${path}: ${error.message}`));
          const notHydrated: string[] = [];
          for (const screen of SCREENS[who]) {
            path = screen.replace(/:([\w-]+)/, (_, name: string) => ids[name]!);
            const response = await page.goto(`${app.url}${path}`);
            // A screen that arrived rendered in this language is hydrated, not rendered anew (main.tsx): else
            // this journey would prove nothing about it.
            const rendered = await page.evaluate(() => document.getElementById('root')?.dataset.prerendered ?? '');
            if (rendered !== lang && !arrivesAsShell(who, new URL(path, app.url).pathname))
              notHydrated.push(`${path} (status ${response?.status()}, rendered '${rendered}')`);
            // Hydrated (AppShell's mark) and settled, so any error of this screen is logged before the next.
            await untilHydrated(page);
            await settled(page);
          }
          await page.close();
          // The 404 page answers 404: Chromium reports the document's status as a console error, which is the
          // contract (spec: an unknown path is a 404), not a failure of the page.
          const real = errors.filter((line) => !/^\/nope: Failed to load resource: .* 404/.test(line));
          expect(real).toEqual([]);
          expect(notHydrated).toEqual([]);
          // A dozen pages in turn: 25–65 s on a machine shared by several runs, so more than the journeys' 90 s.
        }, 180_000);
      }
    }
  }
});
