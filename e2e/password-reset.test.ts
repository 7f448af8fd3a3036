import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMailServer, type TestMailServer } from '#server/test/smtp.js';
import { startApp, type RunningApp } from './support/app.js';
import { DESKTOP, describeJourney, launchBrowser, newContext, registerViaApi, screenshot } from './support/browser.js';

describeJourney('a user who forgot their password resets it from the email', () => {
  let smtp: TestMailServer;
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startMailServer();
    app = await startApp({ SMTP_URL: smtp.url });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await smtp?.close();
  });

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

    await page.goto(`${app.url}/login`, { waitUntil: 'networkidle' });
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

    await page.goto(link, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('the-new-password');
    await page.getByLabel('Repeat the new password', { exact: true }).fill('the-new-password');
    await screenshot(page, 'password-reset-form-en-1280');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await page.waitForURL(`${app.url}/`);
    await page.getByTestId('user-chip').getByText('Grace').waitFor();

    // The link was single use; the old password is gone, the new one works.
    await page.goto(link, { waitUntil: 'networkidle' });
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
});
