import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Language } from '#shared/i18n/index.js';
import { startOpenIdProvider, type TestOpenIdProvider } from '#server/test/oidc-provider.js';
import { freePort } from './support/app.js';
import { journeyFixture } from './support/journey.js';
import { catalogText, describeJourney, MOBILE, newContext, screenshot } from './support/browser.js';

describeJourney('signing in and out through the OpenID Connect provider', () => {
  let op: TestOpenIdProvider;
  let port: number;
  beforeAll(async () => {
    // The provider knows the app's callback before the app starts.
    port = await freePort();
    op = await startOpenIdProvider({ appOrigins: [`http://127.0.0.1:${port}`], providerName: 'Acme ID' });
  });
  afterAll(async () => {
    await op?.close();
  });
  const { app, browser } = journeyFixture(() => ({ ...op.env, PORT: String(port) }));

  for (const lang of ['en', 'es'] as Language[]) {
    it(`signs in with the provider, lands signed in, and logs out through it (${lang})`, async () => {
      const account = `journey-${lang}-${Date.now()}`;
      const firstName = lang === 'en' ? 'Iris' : 'Inés';
      op.addAccount(account, {
        email: `${account}@example.com`,
        email_verified: true,
        given_name: firstName,
        family_name: 'Provider',
      });
      const context = await newContext(browser, { language: lang, ignoreHTTPSErrors: true });
      const page = await context.newPage();
      await page.goto(`${app.url}/login`);
      const button = page.getByRole('link', { name: catalogText(lang, 'auth:continue_with', { name: 'Acme ID' }) });
      await button.waitFor();
      await screenshot(page, `oidc-login-${lang}-1280`);
      await button.click();

      // The provider's own sign-in page.
      await page.waitForURL((url) => url.origin === op.issuer);
      await page.locator('input[name="login"]').fill(account);
      await page.locator('input[name="password"]').fill('any password');
      await page.locator('button[type="submit"]').click();

      // Back in the app, signed in.
      await page.waitForURL(`${app.url}/`);
      await expect.poll(() => page.getByTestId('user-chip').textContent()).toContain(firstName);
      const me = await page.request.get(`${app.url}/api/auth/user`);
      expect(me.status()).toBe(200);
      expect((await me.json()).email).toBe(`${account}@example.com`);

      // Log out: the app ends its session and hands over to the provider's end-session page.
      await page.getByRole('link', { name: catalogText(lang, 'common:log_out') }).click();
      await page.waitForURL((url) => url.origin === op.issuer);
      await page.getByRole('button', { name: 'Yes, sign me out' }).click();
      await page.waitForURL(`${app.url}/`);
      await page
        .getByRole('link', { name: catalogText(lang, 'common:log_in') })
        .first()
        .waitFor();
      expect((await page.request.get(`${app.url}/api/auth/user`)).status()).toBe(401);
      await context.close();
    });
  }

  it('brings a logged-out visitor of a signed-in page through the provider and back to that page', async () => {
    const account = `journey-back-${Date.now()}`;
    op.addAccount(account, { email: `${account}@example.com`, email_verified: true, name: 'Rita Return' });
    const context = await newContext(browser, { ignoreHTTPSErrors: true });
    const page = await context.newPage();
    await page.goto(`${app.url}/projects?status=completed`);

    // The app sends the visitor to /api/login with where they were, which hands over to the provider.
    await page.waitForURL((url) => url.origin === op.issuer);
    await page.locator('input[name="login"]').fill(account);
    await page.locator('input[name="password"]').fill('any password');
    await page.locator('button[type="submit"]').click();

    await page.waitForURL(`${app.url}/projects?status=completed`);
    await expect.poll(() => page.getByTestId('user-chip').textContent()).toContain('Rita');
    await context.close();
  });

  it('shows the provider’s refusal translated on /login, at phone size too', async () => {
    const context = await newContext(browser, { language: 'es', viewport: MOBILE });
    const page = await context.newPage();
    await page.goto(`${app.url}/login?error=oidc_email_unverified`);
    await expect
      .poll(() => page.getByTestId('oidc-error').textContent())
      .toBe(catalogText('es', 'auth:oidc_email_unverified'));
    await screenshot(page, 'oidc-login-error-es-375');
    await context.close();
  });
});
