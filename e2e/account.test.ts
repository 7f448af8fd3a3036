import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { journeyFixture } from './support/journey.js';
import { DESKTOP, MOBILE, describeJourney, newContext, registerViaApi, screenshot } from './support/browser.js';

const ENGLISH_HEADLINE = 'Get your project done by trusted local pros';
const SPANISH_HEADLINE = 'Haz realidad tu proyecto con profesionales locales de confianza';

describeJourney('a visitor picks a language, creates an account and logs out', () => {
  const { app, browser } = journeyFixture();

  const headline = (page: Page) => page.getByRole('heading', { level: 1 });
  const toggle = (page: Page) => page.getByTestId('language-toggle');
  const mainNav = (page: Page) => page.getByRole('banner').getByRole('navigation');

  it('shows the landing page in English, switches to Spanish that survives a reload, and back', async () => {
    const page = await (await newContext(browser, { viewport: DESKTOP })).newPage();
    await page.goto(app.url);
    expect(await headline(page).innerText()).toBe(ENGLISH_HEADLINE);
    expect(await toggle(page).innerText()).toBe('ES');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.getByText('50K+').count()).toBeGreaterThan(0);
    await page.getByRole('heading', { name: 'Value' }).waitFor();
    await screenshot(page, 'account-landing-en-1280');

    await toggle(page).click();
    await page.getByRole('heading', { level: 1, name: SPANISH_HEADLINE }).waitFor();
    expect(await toggle(page).innerText()).toBe('EN');
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('es');

    await page.reload({ waitUntil: 'networkidle' });
    expect(await headline(page).innerText()).toBe(SPANISH_HEADLINE);
    // The packages arrive after the headline (as 'Value' above): wait for the heading, then it is the only one.
    await page.getByRole('heading', { name: 'Valor' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Valor' }).count()).toBe(1);
    await screenshot(page, 'account-landing-es-1280');

    await toggle(page).click();
    await page.getByRole('heading', { level: 1, name: ENGLISH_HEADLINE }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    await page.context().close();
  });

  it('lays out the landing and login pages on a phone in both languages', async () => {
    for (const language of ['en', 'es'] as const) {
      const page = await (await newContext(browser, { viewport: MOBILE, language })).newPage();
      await page.goto(app.url);
      await headline(page).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
      await screenshot(page, `account-landing-${language}-375`);
      await page.goto(`${app.url}/login`);
      await page.getByRole('tab').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
      await screenshot(page, `account-login-${language}-375`);
      await page.context().close();
    }
  });

  it('creates an account on the login page, lands on the customer home and logs out', async () => {
    const page = await (await newContext(browser, { viewport: DESKTOP })).newPage();
    await page.goto(app.url);
    await page.getByRole('banner').getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL(`${app.url}/login`);
    await page.getByRole('tab', { name: 'Create account' }).waitFor();
    await screenshot(page, 'account-login-1280');

    await page.getByRole('tab', { name: 'Create account' }).click();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill(`ada-${randomBytes(4).toString('hex')}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Password must be at least 8 characters').waitFor();

    await page.getByLabel('Password', { exact: true }).fill('a-long-password-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${app.url}/`);

    await mainNav(page).getByRole('link', { name: 'Home' }).waitFor();
    expect(await mainNav(page).getByRole('link', { name: 'Post Job' }).count()).toBe(1);
    expect(await mainNav(page).getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
    expect(await page.getByTestId('credits-badge').count()).toBe(0);
    expect(await page.getByTestId('user-chip').innerText()).toContain('Ada');
    expect(await page.getByRole('link', { name: 'Get Started' }).count()).toBe(0);

    await page.getByRole('banner').getByRole('link', { name: 'Logout' }).click();
    await page.waitForURL(`${app.url}/`);
    await page.getByRole('banner').getByRole('link', { name: 'Get Started' }).waitFor();
    expect(await headline(page).innerText()).toBe(ENGLISH_HEADLINE);
    await page.context().close();
  });

  it('tells a Spanish visitor about a wrong password in Spanish', async () => {
    const page = await (await newContext(browser, { viewport: DESKTOP, language: 'es' })).newPage();
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Correo electrónico').fill('nobody@example.com');
    await page.getByLabel('Contraseña', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).last().click();
    await page.getByRole('alert').getByText('Correo electrónico o contraseña no válidos').waitFor();
    expect(page.url()).toBe(`${app.url}/login`);
    await page.context().close();
  });

  it('sends a logged-out visitor from /dashboard to login with an Unauthorized notice, and back there once signed in', async () => {
    const context = await newContext(browser, { viewport: DESKTOP });
    // The notice lives for 500 ms before the page navigates away; a DOM observer reports it however
    // busy the machine is, where polling a locator could miss it.
    let resolveNotice: () => void = () => {};
    const noticeSeen = new Promise<void>((resolve) => (resolveNotice = resolve));
    await context.exposeBinding('reportUnauthorizedNotice', () => resolveNotice());
    await context.addInitScript(() => {
      const report = (window as unknown as { reportUnauthorizedNotice: () => void }).reportUnauthorizedNotice;
      new MutationObserver(() => {
        const toasts = document.querySelectorAll('[role="status"], li, [data-state="open"]');
        if ([...toasts].some((el) => el.textContent?.trim().startsWith('Unauthorized'))) report();
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    const page = await context.newPage();
    await page.goto(`${app.url}/dashboard`);
    await noticeSeen;
    await page.waitForURL(`${app.url}/login?returnTo=%2Fdashboard`);
    await page.getByRole('tab', { name: 'Sign in' }).waitFor();

    // An account made elsewhere signs in on the email form and comes back to the page it was sent from.
    const email = `back-${randomBytes(4).toString('hex')}@example.com`;
    const elsewhere = await browser.newContext();
    await registerViaApi(await elsewhere.newPage(), app.url, {
      email,
      password: 'a-long-password-1',
      firstName: 'Bea',
      lastName: 'Back',
    });
    await elsewhere.close();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a-long-password-1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await page.waitForURL(`${app.url}/dashboard`);
    expect(await page.getByTestId('user-chip').innerText()).toContain('Bea');

    // A returnTo off this site is not followed (docs/contract.md §3.6): signing in again from such a link lands on /.
    // Leave the dashboard first: once logged out, its live data answers 401 and it sends itself to /login,
    // a navigation that would race (and abort) the goto below.
    await page.goto('about:blank');
    await page.request.get(`${app.url}/api/logout`);
    await page.goto(`${app.url}/login?returnTo=${encodeURIComponent('//evil.example/')}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a-long-password-1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await page.waitForURL(`${app.url}/`);
    await page.context().close();
  });

  it('shows the 404 page for an unknown path, with a way home', async () => {
    const page = await (await newContext(browser, { viewport: DESKTOP })).newPage();
    await page.goto(`${app.url}/no/such/page`);
    expect(await headline(page).innerText()).toBe('Page not found');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL(`${app.url}/`);
    await headline(page).filter({ hasText: ENGLISH_HEADLINE }).waitFor();
    await page.context().close();
  });
});
