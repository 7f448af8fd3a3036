import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMailServer, type TestMailServer } from '#server/test/smtp.js';
import { journeyFixture } from './support/journey.js';
import { DESKTOP, describeJourney, newContext, registerViaApi, screenshot } from './support/browser.js';

describeJourney('a user who forgot their password resets it from the email', () => {
  let smtp: TestMailServer;
  beforeAll(async () => {
    smtp = await startMailServer();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const { app, browser } = journeyFixture(() => ({ SMTP_URL: smtp.url }));

  it('forgot password → the emailed link → a new password → signed in', async () => {
    const email = `grace-${randomBytes(4).toString('hex')}@example.com`;
    const page = await (await newContext(browser, { viewport: DESKTOP })).newPage();
    await registerViaApi(page, app.url, {
      email,
      password: 'the-old-password',
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    await page.context().clearCookies();

    await page.goto(`${app.url}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByTestId('forgot-sent').waitFor();
    await screenshot(page, 'password-reset-sent-en-1280');

    const [mail] = await smtp.waitFor(1, 15_000);
    expect(mail!.subject).toBe('Reset your TradesBid password');
    const link = /(http:\/\/\S+\/reset-password\?token=\S+)/.exec(mail!.text ?? '')![1]!;
    expect(link.startsWith(`${app.url}/reset-password?token=`)).toBe(true);

    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('the-new-password');
    await page.getByLabel('Repeat the new password', { exact: true }).fill('the-new-password');
    await screenshot(page, 'password-reset-form-en-1280');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await page.waitForURL(`${app.url}/`);
    await page.getByTestId('user-chip').getByText('Grace').waitFor();

    // The link was single use; the old password is gone, the new one works.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('yet-another-password');
    await page.getByLabel('Repeat the new password', { exact: true }).fill('yet-another-password');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    expect(await page.getByTestId('reset-error').innerText()).toContain('invalid or has expired');
    const login = (password: string) =>
      page.request.post(`${app.url}/api/auth/login`, { data: { email, password }, headers: { origin: app.url } });
    expect((await login('the-old-password')).status()).toBe(401);
    expect((await login('the-new-password')).status()).toBe(200);
    await page.context().close();
  });

  async function call<T>(page: Page, method: 'GET' | 'POST', path: string, data?: object): Promise<T> {
    const response = await page.request.fetch(`${app.url}${path}`, { method, data, headers: { origin: app.url } });
    if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  }

  it('a provider with a matching profile sees the new job toast while a customer posts', async () => {
    const tag = randomBytes(4).toString('hex');
    const provider = await (await newContext(browser, { viewport: DESKTOP })).newPage();
    const customer = await (await newContext(browser, { viewport: DESKTOP })).newPage();
    await registerViaApi(provider, app.url, {
      email: `pro-${tag}@example.com`,
      password: 'a-long-password-1',
      firstName: 'Pat',
      lastName: 'Pro',
    });
    await registerViaApi(customer, app.url, {
      email: `cus-${tag}@example.com`,
      password: 'a-long-password-1',
      firstName: 'Cam',
      lastName: 'Customer',
    });
    const categories = await call<{ id: number; slug: string }[]>(provider, 'GET', '/api/categories');
    const plumbing = categories.find((c) => c.slug === 'plumbing')!.id;
    await call(provider, 'POST', '/api/auth/upgrade-to-provider');
    await call(provider, 'POST', '/api/business-profile', {
      businessName: 'Pat Plumbing',
      businessType: 'llc',
      description: 'Licensed plumbers for repairs and remodels.',
      phone: '(512) 555-0101',
    });
    await call(provider, 'POST', '/api/business-profile/capabilities', { categoryId: plumbing });
    await call(provider, 'POST', '/api/business-profile/areas', { zipCode: '78701', radiusMiles: 25 });

    // The provider's event stream is open before the customer posts (decision 016).
    const streamOpen = provider.waitForResponse((response) => response.url().endsWith('/api/events'));
    await provider.goto(`${app.url}/dashboard`);
    await streamOpen;
    const job = await call<{ id: string }>(customer, 'POST', '/api/jobs', {
      categoryId: plumbing,
      title: `Leaking sink ${tag}`,
      description: 'The pipe under the kitchen sink drips all day long.',
      zipCode: '78704',
      city: 'Austin',
      state: 'TX',
    });
    await provider.getByText('New job near you', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await provider.getByText(`Leaking sink ${tag}`).count()).toBeGreaterThan(0);
    await screenshot(provider, 'lead-toast-en-1280');
    await provider.getByTestId('new-job-toast-link').click();
    await provider.waitForURL(`${app.url}/jobs/${job.id}`);
    await provider.context().close();
    await customer.context().close();
  });
});
