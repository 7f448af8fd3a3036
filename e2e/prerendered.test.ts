import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Language } from '#shared/i18n/languages.js';
import { journeyFixture } from './support/journey.js';
import { catalogText, describeJourney, DESKTOP, MOBILE, untilHydrated } from './support/browser.js';

// docs/contract.md §1 'First paint': the public pages arrive rendered, in the language of the `lang` cookie, and
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

describeJourney('pages that arrive rendered', () => {
  const { app, browser } = journeyFixture();

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
    // Each round switches language on every page, so both rounds see every page in both languages.
    for (const [lang, phone] of [
      ['en', false],
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
      // Each page is switched to the other language, so the next arrives in that one (the toggle's cookie).
      let current: Language = lang;
      for (const { path, heading } of PAGES) {
        await page.goto(`${app.url}${path}`);
        expect(await page.locator('#root').getAttribute('data-prerendered'), path).toBe(current);
        expect(await page.locator('html').getAttribute('lang')).toBe(current);
        await untilHydrated(page);
        // Hydrated: the language toggle answers, switching the page in place, and the heading is the very node
        // that arrived.
        const other: Language = current === 'en' ? 'es' : 'en';
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
        // The next page is asked for once the toggle's cookie holds the new language, as a person would follow a
        // link after the page had switched (a toggle sent as a form, before scripts, gets it from the answer).
        await expect
          .poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'lang')?.value, WAIT)
          .toBe(other);
        current = other;
      }
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  /** A signed-in customer (in `lang`) with one posted job, in a context of its own. */
  async function customerWithJob(lang: Language, options: { javaScript?: boolean } = {}) {
    const context = await visitor(lang, options);
    const page = await context.newPage();
    const call = async (method: string, path: string, data?: unknown) => {
      const response = await page.request.fetch(`${app.url}${path}`, { method, data, headers: { origin: app.url } });
      if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
      return response.json();
    };
    await call('POST', '/api/auth/register', {
      email: `rendered-${lang}-${Date.now()}-${Math.random()}@example.com`,
      password: 'rendered password',
      firstName: 'Rena',
      lastName: 'Server',
    });
    const categories = (await call('GET', '/api/categories')) as { id: string; slug: string }[];
    const title = `Rendered on the server ${lang} ${Date.now()}`;
    const job = (await call('POST', '/api/jobs', {
      categoryId: categories.find((c) => c.slug === 'plumbing')!.id,
      title,
      description: 'A leaking kitchen tap that needs a new cartridge, and a look at the shut-off valve.',
      zipCode: '78701',
      city: 'Austin',
      state: 'TX',
      budgetMin: '200',
      budgetMax: '450',
      timeline: 'asap',
    })) as { id: string };
    return { context, page, job: { id: job.id, title } };
  }

  for (const lang of LANGUAGES) {
    it(`renders a signed-in user's screens on the server with their data, JavaScript off (${lang})`, async () => {
      const { context, page, job } = await customerWithJob(lang, { javaScript: false });
      await page.goto(`${app.url}/dashboard`);
      expect(await page.locator('html').getAttribute('lang')).toBe(lang);
      await expect.poll(() => page.getByText(job.title).count(), { timeout: 1 }).toBeGreaterThan(0);
      await page.goto(`${app.url}/jobs/${job.id}`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(job.title);
      for (const path of ['/messages', '/find-providers', '/']) {
        await page.goto(`${app.url}${path}`);
        expect(await page.getByRole('heading', { level: 1 }).count(), path).toBeGreaterThan(0);
      }
      // The data handed to the browser is a JSON block, never an inline script (the CSP allows none).
      const html = await (await page.request.get(`${app.url}/jobs/${job.id}`)).text();
      expect(html).toContain('<script type="application/json" id="query-cache">');
      expect(html.match(/<script(?![^>]*type="(?:module|application\/json)")[^>]*>/g)).toBeNull();
      await context.close();
    });
  }

  it("hydrates a signed-in user's screens from the data they came with: no console error, no refetch", async () => {
    for (const lang of LANGUAGES) {
      const { context, page, job } = await customerWithJob(lang);
      await context.addInitScript(() =>
        document.addEventListener('readystatechange', () => {
          if (document.readyState === 'interactive')
            (window as unknown as { firstHeading: Element | null }).firstHeading = document.querySelector('h1');
        }),
      );
      const problems = watch(page);
      const asked: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname === '/api/my-jobs' || pathname === `/api/jobs/${job.id}`) asked.push(pathname);
      });
      for (const path of ['/dashboard', `/jobs/${job.id}`, '/messages', '/find-providers']) {
        await page.goto(`${app.url}${path}`);
        await untilHydrated(page);
        await page.waitForLoadState('networkidle');
        expect(await page.locator('#root').getAttribute('data-prerendered'), path).toBe(lang);
        expect(
          await page.evaluate(
            () => (window as unknown as { firstHeading: Element | null }).firstHeading === document.querySelector('h1'),
          ),
          `${path} was hydrated, not drawn again`,
        ).toBe(true);
      }
      expect(problems).toEqual([]);
      expect(asked).toEqual([]);
      await context.close();
    }
  });

  it('serves a signed-in visitor the app shell on the login page, which sends them home', async () => {
    const { context, page } = await customerWithJob('es');
    const shell = await page.goto(`${app.url}/login`);
    expect(await shell?.text()).not.toContain('data-prerendered');
    expect(await shell?.text()).not.toContain('name="session"');
    await expect.poll(() => new URL(page.url()).pathname, WAIT).toBe('/');
    await context.close();
  });
});
