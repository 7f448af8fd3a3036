import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { Language } from '#shared/i18n/index.js';
import { confirmationLink } from '#server/test/eml.js';
import { journeyFixture } from './support/journey.js';
import {
  catalogText,
  describeJourney,
  DESKTOP,
  MOBILE,
  newContext,
  registeredPage,
  registerViaApi,
  screenshot,
} from './support/browser.js';

const PASSWORD = 'correct horse battery';
const ADMIN_EMAIL = `disputes-ops-${Date.now()}@example.com`;

// docs/contract.md §3.9: a provider disputes a bid in one tap on a phone, an operator approves it on /admin, and
// the bid's timeline shows the credits back.
describeJourney('disputes: a provider disputes a bid, an operator approves it, the credits come back', () => {
  const { app, browser } = journeyFixture({ ADMIN_EMAILS: ADMIN_EMAIL, FREE_CREDITS_ON_UPGRADE: '50' });

  async function call<T>(page: Page, method: 'GET' | 'POST', path: string, data?: object): Promise<T> {
    const response = await page.request.fetch(`${app.url}${path}`, { method, data, headers: { origin: app.url } });
    if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  }
  const text = (lang: Language, key: string, values?: Record<string, string | number>) =>
    catalogText(lang, key, values);

  async function bidOnNewJob(lang: Language) {
    const owner = await registeredPage(browser, app.url, { name: 'Owen', lang: 'en', password: PASSWORD });
    const categories = await call<{ id: number }[]>(owner, 'GET', '/api/categories');
    const job = await call<{ id: string }>(owner, 'POST', '/api/jobs', {
      categoryId: categories[0]!.id,
      title: lang === 'es' ? 'Pintar la cocina' : 'Paint the kitchen',
      description: 'Two coats on four walls, about 200 square feet.',
      zipCode: '78701',
      city: 'Austin',
      state: 'TX',
    });
    const provider = await registeredPage(browser, app.url, {
      name: 'Pia',
      lang,
      password: PASSWORD,
      viewport: MOBILE,
    });
    await call(provider, 'POST', '/api/auth/upgrade-to-provider');
    const bid = await call<{ id: string }>(provider, 'POST', `/api/jobs/${job.id}/bids`, { amount: '300' });
    return { provider, bid };
  }

  async function dispute(provider: Page, lang: Language) {
    await provider.goto(`${app.url}/provider-dashboard`);
    const recent = provider.getByTestId('recent-bid').first();
    await recent.getByText(text(lang, 'bids:dispute'), { exact: true }).click();
    await recent.getByLabel(text(lang, 'bids:dispute_reason_label')).selectOption('unreachable_customer');
    await recent.getByLabel(text(lang, 'bids:dispute_details_label')).fill('Three calls, no answer.');
    await screenshot(provider, `disputes-form-${lang}-375`);
    await recent.getByTestId('dispute-submit').click();
    await expect
      .poll(() => recent.getByTestId('dispute-status').textContent())
      .toBe(text(lang, 'bids:dispute_status_open'));
    await provider.getByTestId('my-dispute').first().waitFor();
  }

  it('the provider disputes their bid from the dashboard at 375 px, in English and in Spanish', async () => {
    for (const lang of ['en', 'es'] as const) {
      const { provider } = await bidOnNewJob(lang);
      await dispute(provider, lang);
      const width = await provider.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(MOBILE.width);
      await screenshot(provider, `disputes-provider-${lang}-375`);
    }
  });

  it('disputes from the job page with no scripts at all: the native form posts to the page, which shows the status', async () => {
    const { provider, bid } = await bidOnNewJob('es');
    const mine = await call<{ id: string; jobId: string }[]>(provider, 'GET', '/api/my-bids');
    const jobId = mine.find((b) => b.id === bid.id)!.jobId;
    const context = await browser.newContext({
      viewport: MOBILE,
      javaScriptEnabled: false,
      locale: 'en-US',
      storageState: await provider.context().storageState(),
    });
    // The language a page rendered on the server is read in (no scripts to read the browser's storage).
    await context.addCookies([{ name: 'lang', value: 'es', url: app.url }]);
    const page = await context.newPage();
    await page.goto(`${app.url}/jobs/${jobId}`);
    const own = page.getByTestId('own-bid');
    await own.getByText(text('es', 'bids:dispute'), { exact: true }).click();
    await own.getByLabel(text('es', 'bids:dispute_reason_label')).selectOption('spam');
    await own.getByTestId('dispute-submit').click();
    await expect
      .poll(() => page.getByTestId('own-bid').getByTestId('dispute-status').textContent())
      .toBe(text('es', 'bids:dispute_status_open'));
    await context.close();
  });

  it('an operator approves the oldest open dispute on /admin and the provider sees the credits back', async () => {
    const { provider, bid } = await bidOnNewJob('en');
    await dispute(provider, 'en');
    const context = await newContext(browser, { viewport: DESKTOP, language: 'en' });
    const admin = await context.newPage();
    await registerViaApi(admin, app.url, {
      email: ADMIN_EMAIL,
      password: PASSWORD,
      firstName: 'Ops',
      lastName: 'Tester',
    });
    await admin.goto(await confirmationLink(app.dataDir, ADMIN_EMAIL));
    await admin.getByTestId('verify-done').waitFor();
    await admin.goto(`${app.url}/admin`);
    await admin.getByRole('tab', { name: text('en', 'bids:admin_disputes_tab') }).click();
    // Oldest first: the three disputes of the tests before come first; this one is the last.
    const queued = admin.getByTestId('queued-dispute');
    await expect.poll(() => queued.count()).toBe(4);
    const mine = queued.last();
    expect(await mine.textContent()).toContain('Three calls, no answer.');
    await mine.getByLabel(text('en', 'bids:admin_dispute_note_label')).fill('The customer never answered.');
    await screenshot(admin, 'disputes-admin-queue-en-1280');
    await mine.getByTestId('approve-dispute').click();
    await admin.getByTestId('dispute-decided').waitFor();
    await expect.poll(() => queued.count()).toBe(3);

    await provider.reload();
    const recent = provider.getByTestId('recent-bid').first();
    await expect
      .poll(() => recent.getByTestId('dispute-status').textContent())
      .toBe(text('en', 'bids:dispute_status_approved'));
    expect(await recent.getByTestId('bid-timeline').textContent()).toContain(
      text('en', 'bids:timeline_refunded_dispute_approved'),
    );
    const mineNow = await call<{ id: string; timeline: { type: string; reason?: string }[] }[]>(
      provider,
      'GET',
      '/api/my-bids',
    );
    expect(mineNow.find((b) => b.id === bid.id)!.timeline.map((e) => e.reason ?? e.type)).toEqual([
      'placed',
      'disputed',
      'dispute_approved',
    ]);
    expect(await provider.getByTestId('my-dispute').first().textContent()).toContain('The customer never answered.');
    await screenshot(provider, 'disputes-approved-en-375');
  });
});
