import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { journeyFixture } from './support/journey.js';
import { DESKTOP, describeJourney, MOBILE, newContext, registerViaApi, screenshot } from './support/browser.js';

const PASSWORD = 'correct horse battery';
// The journey's providers need more than the marketing 2 credits: block bids cost 50.
const FREE_CREDITS = 200;

describeJourney('bidding: a customer posts, providers bid by tier, the owner sees them in priority order', () => {
  const { app, browser } = journeyFixture({ FREE_CREDITS_ON_UPGRADE: String(FREE_CREDITS) });

  async function userPage(name: string, viewport = DESKTOP): Promise<Page> {
    const context = await newContext(browser, { viewport });
    const page = await context.newPage();
    await registerViaApi(page, app.url, {
      email: `${name}-${Date.now()}@example.com`,
      password: PASSWORD,
      firstName: name,
      lastName: 'Tester',
    });
    return page;
  }

  /** Full-page screenshot from the top, so the sticky bar sits where a person sees it. */
  async function shot(page: Page, name: string) {
    await page.evaluate('window.scrollTo(0, 0)');
    await screenshot(page, name);
  }

  /** A call from the page's own session, as the browser would make it (same origin). */
  async function call<T>(page: Page, method: 'GET' | 'POST', path: string, data?: object): Promise<T> {
    const response = await page.request.fetch(`${app.url}${path}`, { method, data, headers: { origin: app.url } });
    if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  }

  let owner: Page;
  let quickJobId: string;
  let tierJobId: string;

  it('a customer posts two jobs', async () => {
    owner = await userPage('Olivia');
    const categories = await call<{ id: number; slug: string }[]>(owner, 'GET', '/api/categories');
    const category = (slug: string) => (categories.find((c) => c.slug === slug) ?? categories[0]!).id;
    const post = (title: string, slug: string, description: string) =>
      call<{ id: string }>(owner, 'POST', '/api/jobs', {
        categoryId: category(slug),
        title,
        description,
        zipCode: '78701',
        city: 'Austin',
        state: 'TX',
        budgetMin: '200',
        budgetMax: '450',
        timeline: 'asap',
      });
    quickJobId = (
      await post(
        'Fix kitchen faucet',
        'plumbing',
        'Replace the worn kitchen faucet and fix the slow drain under the sink.',
      )
    ).id;
    tierJobId = (
      await post(
        'Repaint the garden fence',
        'painting',
        'Sand and repaint about 60 feet of wooden garden fence, two coats.',
      )
    ).id;
  });

  it('a competitor bids regular on the second job first', async () => {
    const rival = await userPage('Rafael');
    await call(rival, 'POST', '/api/auth/upgrade-to-provider');
    await call(rival, 'POST', `/api/jobs/${tierJobId}/bids`, {
      amount: '380',
      message: 'Two coats, all prep included.',
    });
  });

  let provider: Page;

  it('a new user upgrades to provider and receives the free credits', async () => {
    provider = await userPage('Paula');
    await provider.goto(`${app.url}/dashboard`);
    await provider.getByRole('tab', { name: 'I Provide Services' }).click();
    await provider.getByTestId('become-provider').first().getByRole('button', { name: 'Become a Provider' }).click();
    await expect
      .poll(() =>
        provider.getByText(`You’ve received ${FREE_CREDITS} free credits to get started!`).first().isVisible(),
      )
      .toBe(true);
    await expect
      .poll(() => provider.getByTestId('credits-badge').first().textContent())
      .toContain(String(FREE_CREDITS));
  });

  it('places a quick regular bid from the dashboard, one request at a time', async () => {
    const card = provider.getByTestId('provider-mode').locator('li').filter({ hasText: 'Fix kitchen faucet' });
    await expect.poll(() => card.count()).toBe(1);
    await shot(provider, 'bidding-dashboard-provider-1280');
    await card.getByRole('button', { name: 'Quick Bid' }).click();
    const submit = card.getByRole('button', { name: 'Bid · 9 credits' });
    await submit.click();
    await expect.poll(() => provider.getByText('Please enter a bid amount').first().isVisible()).toBe(true);
    await card.getByLabel('Bid amount ($)').fill('320');
    await submit.click();
    await expect
      .poll(() => provider.getByText('Your bid has been submitted successfully!').first().isVisible())
      .toBe(true);
    await expect
      .poll(() => provider.getByTestId('credits-badge').first().textContent())
      .toContain(String(FREE_CREDITS - 9));
    await expect.poll(() => card.getByTestId('quick-bid-placed').textContent()).toContain('$320');
    const bids = await call<{ jobId: string; tier: string; creditsCost: number }[]>(provider, 'GET', '/api/my-bids');
    expect(bids).toEqual([expect.objectContaining({ jobId: quickJobId, tier: 'regular', creditsCost: 9 })]);
  });

  it('places a block bid on the job page and sees the intelligence it bought', async () => {
    await provider.goto(`${app.url}/jobs/${tierJobId}`);
    const form = provider.getByTestId('bid-form');
    await form.getByLabel(/Bid amount/).fill('410');
    await form.getByLabel('Message to the customer').fill('Licensed painter, can start Monday.');
    await form.getByTestId('tier-block').click();
    await shot(provider, 'bidding-job-bid-form-1280');
    await form.getByRole('button', { name: 'Submit bid · 50 credits' }).click();
    await expect
      .poll(() => provider.getByText('Your bid has been submitted successfully!').first().isVisible())
      .toBe(true);

    const panel = provider.getByTestId('intelligence-panel');
    await panel.waitFor();
    await expect.poll(() => panel.getByTestId('intelligence-competitors').textContent()).toBe('1');
    expect(await panel.textContent()).toContain('Response window ends');
    expect(await provider.getByTestId('own-bid').textContent()).toContain('$410');
    await expect
      .poll(() => provider.getByTestId('credits-badge').first().textContent())
      .toContain(String(FREE_CREDITS - 9 - 50));
    await shot(provider, 'bidding-job-intelligence-1280');
  });

  it('shows the owner both bids, the block bid above the earlier regular one', async () => {
    await owner.goto(`${app.url}/jobs/${tierJobId}`);
    const rows = owner.getByTestId('owner-bid');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).getAttribute('data-tier')).toBe('block');
    expect(await rows.nth(0).textContent()).toContain('Priority');
    expect(await rows.nth(0).textContent()).toContain('$410');
    expect(await rows.nth(1).getAttribute('data-tier')).toBe('regular');
    expect(await rows.nth(1).textContent()).toContain('$380');
    await shot(owner, 'bidding-job-owner-bids-1280');
  });

  it('shows the credit packages and the honest payment-unavailable state', async () => {
    await provider.goto(`${app.url}/buy-credits`);
    await provider.getByTestId('package-value').getByRole('button', { name: 'Choose' }).click();
    await provider.getByText('Payment Unavailable').waitFor();
    expect(await provider.getByTestId('balance-card').textContent()).toContain(String(FREE_CREDITS - 9 - 50));
    await shot(provider, 'bidding-buy-credits-1280');
  });

  it('looks finished on a phone', async () => {
    await provider.setViewportSize(MOBILE);
    await provider.goto(`${app.url}/jobs/${tierJobId}`);
    await provider.getByTestId('intelligence-panel').waitFor();
    await shot(provider, 'bidding-job-intelligence-375');
    await provider.goto(`${app.url}/dashboard`);
    await provider.getByRole('tab', { name: 'I Provide Services' }).click();
    await provider.getByTestId('provider-mode').waitFor();
    await shot(provider, 'bidding-dashboard-provider-375');

    await owner.setViewportSize(MOBILE);
    await owner.goto(`${app.url}/jobs/${tierJobId}`);
    await owner.getByTestId('owner-bid').first().waitFor();
    await shot(owner, 'bidding-job-owner-bids-375');

    const fresh = await userPage('Felix', MOBILE);
    await call(fresh, 'POST', '/api/auth/upgrade-to-provider');
    await fresh.goto(`${app.url}/jobs/${quickJobId}`);
    await fresh.getByTestId('bid-form').waitFor();
    await shot(fresh, 'bidding-job-bid-form-375');
  });
});
