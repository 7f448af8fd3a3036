import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Language } from '#shared/i18n/languages.js';
import { startApp, type RunningApp } from './support/app.js';
import { catalogText, describeJourney, DESKTOP, launchBrowser, MOBILE } from './support/browser.js';

// DESIGN.md §1 'First paint': the public pages arrive rendered, in the language of the `lang` cookie, and
// hydrate with no error; a visitor nobody signed in as never asks who is signed in.
const PAGES: { path: string; status: number; heading: (lang: Language) => string }[] = [
  {
    path: '/',
    status: 200,
    heading: (lang) =>
      `${catalogText(lang, 'landing:hero_title_start')} ${catalogText(lang, 'landing:hero_title_highlight')}`,
  },
  { path: '/login', status: 200, heading: (lang) => catalogText(lang, 'auth:sign_in_title') },
  { path: '/terms', status: 200, heading: (lang) => catalogText(lang, 'legal:terms_title') },
  { path: '/privacy', status: 200, heading: (lang) => catalogText(lang, 'legal:privacy_title') },
  { path: '/no-such-page', status: 404, heading: (lang) => catalogText(lang, 'common:not_found_title') },
];
const LANGUAGES: Language[] = ['en', 'es'];
const WAIT = { timeout: 15_000 };

describeJourney('public pages rendered at build time', () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function visitor(lang: Language | null, options: { javaScript?: boolean; phone?: boolean } = {}) {
    const context = await browser.newContext({
      viewport: options.phone ? MOBILE : DESKTOP,
      javaScriptEnabled: options.javaScript ?? true,
    });
    context.setDefaultTimeout(15_000);
    if (lang) await context.addCookies([{ name: 'lang', value: lang, url: app.url }]);
    return context;
  }

  /** Every console error and uncaught error of `page`, and every request it makes for the signed-in user. */
  function watch(page: Page) {
    const problems: string[] = [];
    page.on('console', (message) => {
      // The 404 page's own status is the one error a browser logs on it, and the right answer.
      if (new URL(message.location().url || page.url()).pathname === '/no-such-page') return;
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/user') problems.push(`asked ${request.url()}`);
    });
    return problems;
  }

  for (const lang of LANGUAGES) {
    it(`shows each public page's heading with JavaScript off (${lang})`, async () => {
      const context = await visitor(lang, { javaScript: false });
      const page = await context.newPage();
      for (const { path, status, heading } of PAGES) {
        const response = await page.goto(`${app.url}${path}`);
        expect(response?.status(), path).toBe(status);
        expect(await page.locator('html').getAttribute('lang'), path).toBe(lang);
        expect(await page.getByRole('heading', { level: 1 }).first().textContent(), path).toBe(heading(lang));
        expect(await page.title(), path).toBe(catalogText(lang, 'common:app_title'));
      }
      await context.close();
    });
  }

  it('hydrates every public page in both languages with no console error and no question about the user', async () => {
    for (const [lang, phone] of [
      ['en', false],
      ['es', false],
      ['es', true],
    ] as const) {
      const context = await visitor(lang, { phone });
      // The heading as the HTML arrived, before any script ran: hydration keeps that very node.
      await context.addInitScript(() =>
        document.addEventListener('readystatechange', () => {
          if (document.readyState === 'interactive')
            (window as unknown as { firstHeading: Element | null }).firstHeading = document.querySelector('h1');
        }),
      );
      const page = await context.newPage();
      const problems = watch(page);
      const other: Language = lang === 'en' ? 'es' : 'en';
      for (const { path, heading } of PAGES) {
        await page.goto(`${app.url}${path}`);
        await page.waitForLoadState('networkidle');
        // Hydrated: the language toggle answers, switching the page in place, with no reload.
        await page.getByTestId('language-toggle').first().click();
        await expect
          .poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), WAIT)
          .toBe(heading(other));
        expect(
          await page.evaluate(
            () => (window as unknown as { firstHeading: Element | null }).firstHeading === document.querySelector('h1'),
          ),
          `${path} was hydrated, not drawn again`,
        ).toBe(true);
        expect(await page.locator('html').getAttribute('lang')).toBe(other);
        // The toggle wrote the cookie: the server now sends the other language's page; switch back for the next.
        await page.reload();
        expect(await page.locator('#root').getAttribute('data-prerendered')).toBe(other);
        await page.getByTestId('language-toggle').first().click();
        await expect
          .poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), WAIT)
          .toBe(heading(lang));
      }
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('serves a signed-in visitor the app, not the visitor pages', async () => {
    const context: BrowserContext = await visitor('es');
    const page = await context.newPage();
    const response = await page.request.post(`${app.url}/api/auth/register`, {
      data: {
        email: `prerender-${Date.now()}@example.com`,
        password: 'prerender password',
        firstName: 'Pre',
        lastName: 'Render',
      },
      headers: { origin: app.url },
    });
    expect(response.status()).toBe(201);
    const shell = await page.goto(`${app.url}/login`);
    expect(await shell?.text()).not.toContain('data-prerendered');
    expect(await shell?.text()).not.toContain('name="session"');
    // The login page sends a signed-in user home.
    await expect.poll(() => new URL(page.url()).pathname, WAIT).toBe('/');
    await context.close();
  });
});
