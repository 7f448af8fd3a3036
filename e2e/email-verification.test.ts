import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { Language } from '#shared/i18n/languages.js';
import { journeyFixture } from './support/journey.js';
import { catalogText, DESKTOP, describeJourney, MOBILE, newContext, screenshot } from './support/browser.js';
import { confirmationLink } from '#server/test/eml.js';

describeJourney('a new account confirms its email from the emailed link', () => {
  // No SMTP_URL: the app writes each email as an .eml file under DATA_DIR/mail, which the journey opens.
  const { app, browser } = journeyFixture();

  async function registerOnLoginPage(page: Page, lang: Language, email: string) {
    const text = (key: string) => catalogText(lang, key);
    await page.goto(`${app.url}/login`);
    await page.getByRole('tab', { name: text('auth:create_account') }).click();
    await page.getByLabel(text('auth:first_name')).fill('Vera');
    await page.getByLabel(text('auth:last_name')).fill('Fied');
    await page.getByLabel(text('auth:email')).fill(email);
    await page.getByLabel(text('auth:password'), { exact: true }).fill('a-long-password-1');
    await page
      .getByRole('button', { name: text('auth:create_account') })
      .last()
      .click();
    await page.waitForURL(`${app.url}/`);
  }

  const banner = (page: Page) => page.getByTestId('verify-email-banner');

  it('registers, sees the banner, asks again, confirms in another browser and the next load has no banner (English)', async () => {
    const email = `vera-${randomBytes(4).toString('hex')}@example.com`;
    const page = await (await newContext(browser, { viewport: DESKTOP })).newPage();
    await registerOnLoginPage(page, 'en', email);
    await banner(page).getByText(`Confirm your email address: we sent a link to ${email}.`).waitFor();
    await screenshot(page, 'verify-email-banner-en-1280');
    // /admin says what operators need: this account is not one, and its email is not confirmed yet.
    await page.goto(`${app.url}/admin`);
    await page.getByText('Access Denied', { exact: true }).waitFor();
    await page
      .getByText('accounts listed in ADMIN_EMAILS whose email address is confirmed', { exact: false })
      .waitFor();
    await page
      .getByTestId('admin-needs-verified-email')
      .getByText(`${email} is not confirmed yet.`, { exact: false })
      .waitFor();

    await banner(page).getByRole('button', { name: 'Send it again' }).click();
    await banner(page).getByText('Sent: check your inbox.').waitFor();
    const link = await confirmationLink(app.dataDir, email, 2);
    expect(link.startsWith(`${app.url}/verify-email?token=`)).toBe(true);

    // Opened in another browser, with no session: the link alone confirms the address.
    const elsewhere = await (await newContext(browser, { viewport: DESKTOP })).newPage();
    await elsewhere.goto(link);
    await elsewhere.getByTestId('verify-done').getByText('Your email address is confirmed. Thank you!').waitFor();
    await screenshot(elsewhere, 'verify-email-done-en-1280');
    // Single use: the same link again is refused, with a way to sign in for a new one.
    await elsewhere.reload();
    await elsewhere
      .getByTestId('verify-failed')
      .getByText('This link is invalid or has expired.', { exact: false })
      .waitFor();
    await elsewhere.getByRole('link', { name: 'Sign in to get a new link' }).waitFor();
    await elsewhere.context().close();

    await page.reload();
    await page.getByText('Access Denied', { exact: true }).waitFor();
    expect(await banner(page).count()).toBe(0);
    expect(await page.getByTestId('admin-needs-verified-email').count()).toBe(0);
    await page.context().close();
  });

  it('registers in Spanish on a phone, sees the banner, opens the link and the banner is gone (Spanish, 375 px)', async () => {
    const email = `vera-es-${randomBytes(4).toString('hex')}@example.com`;
    const page = await (await newContext(browser, { viewport: MOBILE, language: 'es' })).newPage();
    await registerOnLoginPage(page, 'es', email);
    await banner(page)
      .getByText(catalogText('es', 'common:verify_banner_text', { email }))
      .waitFor();
    await banner(page).getByRole('button', { name: 'Enviarlo de nuevo' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(page, 'verify-email-banner-es-375');

    await page.goto(await confirmationLink(app.dataDir, email));
    await page.getByTestId('verify-done').getByText('Tu dirección de correo está confirmada. ¡Gracias!').waitFor();
    expect(await banner(page).count()).toBe(0);
    await screenshot(page, 'verify-email-done-es-375');
    await page.getByRole('link', { name: 'Ir a tu panel' }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    // Signed in (on a phone the user chip sits in the menu): the dashboard's heading, and still no banner.
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await banner(page).count()).toBe(0);
    await page.context().close();
  });
});
