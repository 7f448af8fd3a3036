import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Language } from '#shared/i18n/languages.js';
import { startMailServer, type TestMailServer } from '#server/test/smtp.js';
import { journeyFixture } from './support/journey.js';
import { catalogText, describeJourney } from './support/browser.js';

// docs/contract.md §1 'First touch', docs/decisions/030: the core forms with JavaScript off, in English and in Spanish.
// Every request URL the browser makes and every line the server logs is kept: no password may be in one.
describeJourney('the core forms with JavaScript off', () => {
  let smtp: TestMailServer;
  beforeAll(async () => {
    smtp = await startMailServer();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const { app, browser } = journeyFixture(() => ({ SMTP_URL: smtp.url, LOG_LEVEL: 'info' }), { captureOutput: true });
  const urls: string[] = [];
  const passwords: string[] = [];

  async function visitor(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ javaScriptEnabled: false });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    page.on('request', (request) => urls.push(request.url()));
    return { context, page };
  }

  const password = (label: string) => {
    const value = `${label}-${randomBytes(6).toString('hex')}`;
    passwords.push(value);
    return value;
  };

  /** The link to `page` (reset-password, verify-email) emailed to `email` (other emails it gets left aside). */
  async function emailedLink(email: string, page: string): Promise<string> {
    const deadline = Date.now() + 15_000;
    const pattern = new RegExp(`(http://\\S+/${page}\\?token=\\S+)`);
    for (;;) {
      for (const mail of [...smtp.to(email), ...smtp.confirmationsTo(email)]) {
        const link = pattern.exec(mail.text ?? '')?.[1];
        if (link) return link;
      }
      if (Date.now() > deadline) throw new Error(`no ${page} link for ${email}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  for (const lang of ['en', 'es'] as Language[]) {
    it(`switches language, creates an account, signs out and in, asks for a reset and searches (${lang})`, async () => {
      const t = (key: string, values?: Record<string, string | number>) => catalogText(lang, key, values);
      const { context, page } = await visitor();
      await page.goto(`${app.url}/`);
      if (lang === 'es') {
        // The toggle is a form: the server sets the lang cookie and sends the page again.
        await page.getByTestId('language-toggle').click();
        await page.waitForURL(`${app.url}/`);
        expect(await page.locator('html').getAttribute('lang')).toBe('es');
      }

      // Create account: the tab is a link; a refusal comes back in the reader's language.
      await page.goto(`${app.url}/login`);
      await page.getByRole('tab', { name: t('auth:create_account') }).click();
      await page.waitForURL(/\/login\?mode=register$/);
      const email = `nojs-${lang}-${randomBytes(4).toString('hex')}@example.com`;
      const form = page.getByRole('form', { name: t('auth:create_account') });
      await form.getByLabel(t('auth:first_name')).fill('Noa');
      await form.getByLabel(t('auth:last_name')).fill('Script');
      await form.getByLabel(t('auth:email')).fill(email);
      await form.getByLabel(t('auth:password'), { exact: true }).fill(password('short').slice(0, 5));
      await form.getByRole('button', { name: t('auth:create_account') }).click();
      await form.getByText(t('validation:password_min', { count: 8 })).waitFor();
      const first = password('first');
      await form.getByLabel(t('auth:password'), { exact: true }).fill(first);
      await form.getByRole('button', { name: t('auth:create_account') }).click();
      await page.waitForURL(`${app.url}/`);
      await page.getByTestId('user-chip').getByText('Noa').waitFor();

      // Signed out (a link opened in another browser, as often), a link whose token is not (or no longer) good is
      // refused in the page, and the post leaves no token in the URL.
      await context.clearCookies({ name: 'sid' });
      await page.goto(`${app.url}/verify-email?token=${randomBytes(16).toString('hex')}`);
      await page.getByRole('button', { name: t('auth:verify_confirm') }).click();
      await page.getByTestId('verify-failed').getByText(t('errors:invalid_token')).waitFor();
      expect(new URL(page.url()).search).toBe('');
      // Confirm the email from its link: a button the browser posts itself, the answer in the page.
      await page.goto(await emailedLink(email, 'verify-email'));
      await page.getByRole('button', { name: t('auth:verify_confirm') }).click();
      await page.getByTestId('verify-done').getByText(t('auth:verify_done')).waitFor();

      // Sign out (a link). A logged-in screen then says so (spec §2 'Unauthorized') and moves on to the login page
      // by itself, to come back there; a wrong password is refused in the reader's language.
      await page.goto(`${app.url}/api/logout`);
      await page.goto(`${app.url}/dashboard`, { waitUntil: 'commit' });
      await page.getByRole('alert').getByText(t('common:unauthorized_title'), { exact: true }).waitFor();
      await page.waitForURL(`${app.url}/login?returnTo=%2Fdashboard`);
      const signIn = page.getByRole('form', { name: t('auth:sign_in') });
      await signIn.getByLabel(t('auth:email')).fill(email);
      await signIn.getByLabel(t('auth:password'), { exact: true }).fill(password('wrong'));
      await signIn.getByRole('button', { name: t('auth:sign_in') }).click();
      await page.getByText(t('errors:invalid_credentials')).waitFor();
      expect(new URL(page.url()).search).toBe('?returnTo=%2Fdashboard');
      await signIn.getByLabel(t('auth:password'), { exact: true }).fill(first);
      await signIn.getByRole('button', { name: t('auth:sign_in') }).click();
      await page.waitForURL(`${app.url}/dashboard`);
      await page.getByTestId('user-chip').getByText('Noa').waitFor();

      // Find providers: a GET form whose results the server renders.
      await page.goto(`${app.url}/find-providers`);
      await page.getByRole('search').getByLabel(t('profiles:search_label')).fill('plumbing');
      await page
        .getByRole('search')
        .getByRole('button', { name: t('profiles:search_button') })
        .click();
      await page.waitForURL(/\/find-providers\?q=plumbing/);
      await page.getByTestId('provider-count').waitFor();

      // Forgot and reset the password from the emailed link, then the new one signs in.
      await context.clearCookies({ name: 'sid' });
      await page.goto(`${app.url}/forgot-password`);
      await page.getByLabel(t('auth:email')).fill(email);
      await page.getByRole('button', { name: t('auth:forgot_submit') }).click();
      await page.getByTestId('forgot-sent').waitFor();
      const link = await emailedLink(email, 'reset-password');
      await page.goto(link);
      const reset = page.getByRole('form', { name: t('auth:reset_title') });
      const second = password('second');
      await reset.getByLabel(t('auth:new_password'), { exact: true }).fill(second);
      await reset.getByLabel(t('auth:confirm_password'), { exact: true }).fill(`${second}-not`);
      await reset.getByRole('button', { name: t('auth:reset_submit') }).click();
      await page.getByText(t('auth:reset_mismatch')).waitFor();
      await reset.getByLabel(t('auth:new_password'), { exact: true }).fill(second);
      await reset.getByLabel(t('auth:confirm_password'), { exact: true }).fill(second);
      await reset.getByRole('button', { name: t('auth:reset_submit') }).click();
      await page.waitForURL(`${app.url}/`);
      await page.getByTestId('user-chip').getByText('Noa').waitFor();
      await context.close();
    });
  }

  it('never put a password in a URL the browser asked for, nor in a line of the server log', () => {
    expect(urls.length).toBeGreaterThan(10);
    const log = app.output();
    expect(log).toContain('"method":"POST","url":"/login"');
    for (const secret of passwords) {
      for (const url of urls) expect(decodeURIComponent(url)).not.toContain(secret);
      expect(log).not.toContain(secret);
    }
  });
});
