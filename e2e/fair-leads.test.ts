import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { Language } from '#shared/i18n/index.js';
import { journeyFixture } from './support/journey.js';
import {
  catalogText,
  describeJourney,
  DESKTOP,
  MOBILE,
  registeredPage,
  registerViaApi,
  screenshot,
  untilHydrated,
} from './support/browser.js';

const PASSWORD = 'correct horse battery';
// Block and Bust bids cost 50 and 75: the providers start with enough for either.
const FREE_CREDITS = 200;
// Credits come back for a bid its customer has not seen this long after it was placed (BID_UNVIEWED_REFUND_HOURS):
// seconds here, long enough for the customer's decline of the first bid, and the sweep runs every second.
const REFUND_SECONDS = 15;

describeJourney('fair leads: a published cap of five bids, labelled seats, and Spanish-speaking pros', () => {
  const { app, browser } = journeyFixture({
    FREE_CREDITS_ON_UPGRADE: String(FREE_CREDITS),
    JOB_BID_CAP: '5',
    BID_UNVIEWED_REFUND_HOURS: String(REFUND_SECONDS / 3600),
  });

  const userPage = (name: string, lang: Language = 'en', viewport?: { width: number; height: number }) =>
    registeredPage(browser, app.url, { name, lang, password: PASSWORD, viewport });

  /** A call from the page's own session, as the browser would make it (same origin). */
  async function call<T>(page: Page, method: 'GET' | 'POST' | 'PATCH', path: string, data?: object): Promise<T> {
    const response = await page.request.fetch(`${app.url}${path}`, { method, data, headers: { origin: app.url } });
    if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  }

  async function provider(name: string, lang: Language = 'en', viewport?: { width: number; height: number }) {
    const page = await userPage(name, lang, viewport);
    await call(page, 'POST', '/api/auth/upgrade-to-provider');
    return page;
  }

  const en = (key: string, values?: Record<string, string | number>) => catalogText('en', key, values);
  const es = (key: string, values?: Record<string, string | number>) => catalogText('es', key, values);
  type MyBid = { jobId: string; status: string; timeline: { type: string; reason?: string }[] };
  /** The provider's bid on the journey's job, as GET /api/my-bids tells its story. */
  const storyOf = async (page: Page) =>
    (await call<MyBid[]>(page, 'GET', '/api/my-bids')).find((bid) => bid.jobId === jobId)!;
  const steps = (bid: MyBid) =>
    bid.timeline.map((entry) => (entry.reason ? `${entry.type}:${entry.reason}` : entry.type));
  let owner: Page;
  let jobId: string;

  /** A painting job of the customer's, posted through the API. */
  async function postJob(title: string) {
    const categories = await call<{ id: number; slug: string }[]>(owner, 'GET', '/api/categories');
    return call<{ id: string; bidCap: number }>(owner, 'POST', '/api/jobs', {
      categoryId: (categories.find((c) => c.slug === 'painting') ?? categories[0]!).id,
      title,
      description: 'Two coats on four walls and the ceiling, about 300 square feet.',
      zipCode: '78701',
      city: 'Austin',
      state: 'TX',
      budgetMin: '400',
      budgetMax: '900',
    });
  }
  const bidders: Record<string, Page> = {};

  it('a customer posts a job and the first provider bids on it through the API', async () => {
    owner = await userPage('Olivia');
    const posted = await postJob('Paint the living room');
    jobId = posted.id;
    expect(posted.bidCap).toBe(5);
    bidders.Rafael = await provider('Rafael');
    await call(bidders.Rafael, 'POST', `/api/jobs/${jobId}/bids`, { amount: '600', tier: 'regular' });
  });

  it("the customer declines it with 'Not for me' on a phone, then leaves the job", async () => {
    await owner.setViewportSize(MOBILE);
    await owner.goto(`${app.url}/jobs/${jobId}`);
    const declines = owner.getByTestId('decline-bid');
    await expect.poll(() => declines.count()).toBe(1);
    expect(await declines.first().textContent()).toBe(en('bids:decline'));
    await declines.first().click();
    await expect.poll(() => declines.count()).toBe(0);
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(owner, 'fair-leads-owner-declined-375');
    // Their dashboard counts the bids that come next without seeing them (docs/contract.md §3.9).
    await owner.goto(`${app.url}/dashboard`);
    await owner.setViewportSize(DESKTOP);
  });

  it('three more providers bid through the API, one of them in Spanish', async () => {
    for (const [name, tier, lang] of [
      ['Lucia', 'regular', 'es'],
      ['Bruno', 'block', 'en'],
      ['Bianca', 'bust', 'en'],
    ] as const) {
      bidders[name] = await provider(name, lang);
      // Her account speaks Spanish too: her pages and emails.
      if (lang === 'es') await call(bidders[name], 'PATCH', '/api/auth/user', { language: 'es' });
      await call(bidders[name], 'POST', `/api/jobs/${jobId}/bids`, { amount: '600', tier });
    }
  });

  it('the fifth provider sees 4 of 5 bids and the Bust seat taken, and bids in the browser', async () => {
    const fifth = (bidders.Paula = await provider('Paula'));
    await fifth.goto(`${app.url}/jobs/${jobId}`);
    const form = fifth.getByTestId('bid-form');
    await expect
      .poll(() => form.getByTestId('bid-seats').textContent())
      .toContain(en('jobs:bid_count_of_cap', { count: 5, taken: 4 }));
    expect(await form.getByTestId('tier-bust').textContent()).toContain(en('bids:tier_full'));
    expect(await form.getByTestId('tier-bust').locator('input').isDisabled()).toBe(true);
    await form.getByLabel(/Bid amount/).fill('580');
    await form.getByRole('button', { name: 'Submit bid · 9 credits' }).click();
    await fifth.getByTestId('own-bid').waitFor();
    const mine = await call<{ tier: string }[]>(fifth, 'GET', '/api/my-bids');
    expect(mine).toEqual([expect.objectContaining({ tier: 'regular' })]);
  });

  it('the sixth provider sees the job full on the job page before paying, on a phone too', async () => {
    const sixth = await provider('Felix', 'en', MOBILE);
    await sixth.goto(`${app.url}/jobs/${jobId}`);
    const full = sixth.getByTestId('bid-form-full');
    await full.getByText(en('bids:job_full_title')).waitFor();
    expect(await full.textContent()).toContain(en('jobs:bid_count_of_cap', { count: 5, taken: 5 }));
    expect(await full.textContent()).toContain(en('jobs:bids_full'));
    expect(await sixth.getByTestId('bid-form').count()).toBe(0);
    // Nothing offered, nothing paid.
    const me = await call<{ credits: number }>(sixth, 'GET', '/api/auth/user');
    expect(me.credits).toBe(FREE_CREDITS);
    const width = await sixth.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(sixth, 'fair-leads-job-full-375');

    await sixth.goto(`${app.url}/dashboard`);
    await sixth.getByRole('tab', { name: 'I Provide Services' }).click();
    const card = sixth.getByTestId('provider-mode').locator('li').filter({ hasText: 'Paint the living room' });
    await card.getByTestId('quick-bid-full').waitFor();
    expect(await card.getByTestId('bid-seats').textContent()).toContain(
      en('jobs:bid_count_of_cap', { count: 5, taken: 5 }),
    );
  });

  it('the customer never opens the job again: the four unseen bids come back, and each timeline tells its story', async () => {
    const unseen = ['Lucia', 'Bruno', 'Bianca', 'Paula'];
    // The make-good sweep runs every second: each bid comes back REFUND_SECONDS after it was placed.
    for (const name of unseen) {
      await expect
        .poll(async () => steps(await storyOf(bidders[name]!)), {
          timeout: (REFUND_SECONDS + 20) * 1000,
          interval: 500,
        })
        .toEqual(['placed', 'refunded:not_viewed']);
    }
    const balances = await Promise.all(
      unseen.map(async (name) => (await call<{ credits: number }>(bidders[name]!, 'GET', '/api/auth/user')).credits),
    );
    expect(balances).toEqual(unseen.map(() => FREE_CREDITS));
    // Still in: a refunded bid stays pending and can be hired.
    expect((await storyOf(bidders.Paula!)).status).toBe('pending');
    // The declined bid was a real lead: seen, declined, no credits back.
    const declined = await storyOf(bidders.Rafael!);
    expect({ status: declined.status, steps: steps(declined) }).toEqual({
      status: 'rejected',
      steps: ['placed', 'viewed', 'declined'],
    });
    expect((await call<{ credits: number }>(bidders.Rafael!, 'GET', '/api/auth/user')).credits).toBe(FREE_CREDITS - 9);

    // Each provider reads it on their dashboard.
    const timelineOf = async (page: Page) => {
      await page.goto(`${app.url}/provider-dashboard`);
      const row = page.getByTestId('recent-bid').filter({ hasText: 'Paint the living room' });
      await row.getByTestId('bid-timeline').waitFor();
      return row.getByTestId('bid-timeline').textContent();
    };
    const paula = await timelineOf(bidders.Paula!);
    expect(paula).toContain(en('bids:timeline_placed'));
    expect(paula).toContain(en('bids:timeline_refunded_not_viewed'));
    expect(paula).not.toContain(en('bids:timeline_viewed'));
    await screenshot(bidders.Paula!, 'fair-leads-refunded-timeline-1280');
    await bidders.Rafael!.setViewportSize(MOBILE);
    const rafael = await timelineOf(bidders.Rafael!);
    expect(rafael).toContain(en('bids:timeline_viewed'));
    expect(rafael).toContain(en('bids:timeline_declined'));
    expect(rafael).not.toContain(en('bids:timeline_refunded_not_viewed'));
    expect(await bidders.Rafael!.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      MOBILE.width,
    );
    await screenshot(bidders.Rafael!, 'fair-leads-declined-timeline-375');
  });

  it('in Spanish, the Spanish-speaking provider reads the same story on a phone', async () => {
    const lucia = bidders.Lucia!;
    await lucia.setViewportSize(MOBILE);
    await lucia.goto(`${app.url}/provider-dashboard`);
    const row = lucia.getByTestId('recent-bid').filter({ hasText: 'Paint the living room' });
    await row.getByTestId('bid-timeline').waitFor();
    // Her browser speaks Spanish: the page reads it once its scripts have the language.
    await expect.poll(() => row.getByTestId('bid-timeline').textContent()).toContain(es('bids:timeline_placed'));
    expect(await row.getByTestId('bid-timeline').textContent()).toContain(es('bids:timeline_refunded_not_viewed'));
    expect(await lucia.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(lucia, 'fair-leads-es-refunded-timeline-375');
    await lucia.setViewportSize(DESKTOP);
  });

  it('the customer comes back later to five bids, the Block and Bust ones labelled Sponsored', async () => {
    await owner.goto(`${app.url}/jobs/${jobId}`);
    const rows = owner.getByTestId('owner-bid');
    await expect.poll(() => rows.count()).toBe(5);
    const row = (tier: string) => owner.locator(`[data-testid="owner-bid"][data-tier="${tier}"]`).first();
    expect(await row('block').getByTestId('sponsored').textContent()).toBe(en('bids:sponsored'));
    expect(await row('bust').getByTestId('sponsored').textContent()).toBe(en('bids:sponsored'));
    expect(await row('regular').getByTestId('sponsored').count()).toBe(0);
    // The refunded bids are still in the running; only the declined one is out.
    expect(await owner.getByTestId('decline-bid').count()).toBe(4);
    await screenshot(owner, 'fair-leads-owner-bids-1280');
    await owner.goto(`${app.url}/dashboard`);
    const mine = owner.getByTestId('my-jobs').locator('li').filter({ hasText: 'Paint the living room' });
    expect(await mine.getByTestId('bid-seats').textContent()).toContain(
      en('jobs:bid_count_of_cap', { count: 5, taken: 5 }),
    );
  });

  it('a provider caps their weekly spend in settings before scripts run, on a phone; a bid past it is refused, free', async () => {
    // No scripts at all: the settings form is a native post the server answers (docs/decisions/030).
    const scriptless = await browser.newContext({ viewport: MOBILE, javaScriptEnabled: false, locale: 'en-US' });
    const before = await scriptless.newPage();
    await registerViaApi(before, app.url, {
      email: `tomas-${Date.now()}@example.com`,
      password: PASSWORD,
      firstName: 'Tomas',
      lastName: 'Tester',
    });
    await call(before, 'POST', '/api/auth/upgrade-to-provider');
    await before.goto(`${app.url}/settings`);
    await before.getByTestId('weekly-limit-cap').check();
    await before.getByTestId('weekly-limit-amount').fill('100');
    await before.getByTestId('weekly-limit-save').click();
    await expect
      .poll(() => before.getByTestId('weekly-limit-current').textContent())
      .toBe(en('common:weekly_limit_current', { count: 100 }));
    expect(await before.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(before, 'fair-leads-weekly-cap-no-scripts-375');

    const jobs = await Promise.all(
      ['Fence', 'Deck', 'Porch', 'Shed', 'Garage'].map((title) => postJob(`Paint the ${title}`)),
    );
    await call(before, 'POST', `/api/jobs/${jobs[0]!.id}/bids`, { amount: '600', tier: 'bust' });
    const page = await (
      await browser.newContext({ viewport: MOBILE, storageState: await scriptless.storageState() })
    ).newPage();
    await page.goto(`${app.url}/jobs/${jobs[1]!.id}`);
    const form = page.getByTestId('bid-form');
    await form.getByTestId('tier-bust').click();
    await form.getByLabel(/Bid amount/).fill('580');
    await form.getByRole('button', { name: /Submit bid/ }).click();
    await form.getByText(en('errors:weekly_limit_reached')).waitFor();
    expect((await call<{ credits: number }>(page, 'GET', '/api/auth/user')).credits).toBe(FREE_CREDITS - 75);
    await screenshot(page, 'fair-leads-weekly-cap-refused-375');

    // With scripts, 'No cap' lifts it; bids that leave fewer than three Regular bids bring the one notice.
    await page.goto(`${app.url}/settings`);
    await page.getByTestId('weekly-limit-none').check();
    await page.getByTestId('weekly-limit-save').click();
    await expect
      .poll(() => page.getByTestId('weekly-limit-current').textContent())
      .toBe(en('common:weekly_limit_current_none'));
    await call(page, 'POST', `/api/jobs/${jobs[1]!.id}/bids`, { amount: '600', tier: 'bust' });
    await call(page, 'POST', `/api/jobs/${jobs[2]!.id}/bids`, { amount: '600', tier: 'regular' });
    await call(page, 'POST', `/api/jobs/${jobs[3]!.id}/bids`, { amount: '600', tier: 'regular' });
    await page.goto(`${app.url}/jobs/${jobs[4]!.id}`);
    await untilHydrated(page); // the notice comes on the event stream, which scripts open
    await page
      .getByTestId('bid-form')
      .getByLabel(/Bid amount/)
      .fill('580');
    await page
      .getByTestId('bid-form')
      .getByRole('button', { name: /Submit bid/ })
      .click();
    const banner = page.getByTestId('low-balance-banner');
    await banner.getByText(en('bids:low_balance_title')).waitFor();
    expect(await banner.textContent()).toContain(en('bids:low_balance_description', { count: 23 }));
    expect(await banner.getByTestId('low-balance-link').textContent()).toBe(en('bids:low_balance_action'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    expect((await call<{ credits: number }>(page, 'GET', '/api/auth/user')).credits).toBe(23);
    await screenshot(page, 'fair-leads-low-balance-375');
    await scriptless.close();
    await page.context().close();
  });

  it('in Spanish, the customer finds the Spanish-speaking provider with the Se habla español filter', async () => {
    const profile = (businessName: string, languages: string[]) => ({
      businessName,
      businessType: 'llc',
      description: 'Pintura interior y exterior, reparación de paneles de yeso.',
      phone: '(512) 555-0199',
      languages,
    });
    // Lucía, who bid above, tells customers she speaks Spanish.
    const hablante = bidders.Lucia!;
    await call(hablante, 'POST', '/api/business-profile', profile('Pinturas Lucía', ['es', 'en']));
    const other = await provider('Ethan');
    await call(other, 'POST', '/api/business-profile', profile('Ethan Paints', ['en']));

    const customer = await userPage('Carmen', 'es');
    await customer.goto(`${app.url}/find-providers`);
    await customer.getByTestId('provider-card').filter({ hasText: 'Ethan Paints' }).waitFor();
    // Carmen's account is Spanish but her browser has no `lang` cookie yet, so the server sends the English page,
    // which scripts draw anew in Spanish (not a hydration): a box ticked before that redraw is lost. Left for the
    // issue that sets the cookie at sign-in; until then this step waits for the Spanish page.
    await untilHydrated(customer);
    await customer.getByLabel(es('profiles:filter_spanish')).check();
    await expect.poll(() => customer.getByTestId('provider-card').count()).toBe(1);
    const card = customer.getByTestId('provider-card').first();
    expect(await card.textContent()).toContain('Pinturas Lucía');
    expect(await card.getByTestId('language-badges').textContent()).toContain('Se habla español');
    expect(new URL(customer.url()).searchParams.get('language')).toBe('es');
    await screenshot(customer, 'fair-leads-es-find-spanish-1280');

    await customer.setViewportSize(MOBILE);
    await customer.goto(`${app.url}/provider/${(await call<{ id: string }>(hablante, 'GET', '/api/auth/user')).id}`);
    await customer.getByRole('heading', { name: 'Pinturas Lucía' }).waitFor();
    expect(await customer.getByTestId('language-badges').first().textContent()).toContain('Se habla español');
    const width = await customer.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(customer, 'fair-leads-es-showcase-375');
  });
});
