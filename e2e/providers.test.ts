import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import type { Language } from '#shared/i18n/index.js';
import { journeyFixture } from './support/journey.js';
import {
  MOBILE,
  describeJourney,
  catalogText,
  newContext,
  registeredPage,
  screenshot as fullPageScreenshot,
  takesScreenshots,
} from './support/browser.js';

const PASSWORD = 'correct horse battery';

async function png(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

describeJourney('a provider fills the business profile; a customer finds them and sends a service request', () => {
  const { app, browser } = journeyFixture();

  async function userPage(name: string, lang: Language): Promise<Page> {
    const page = await registeredPage(browser, app.url, { name, lang, password: PASSWORD });
    return page;
  }

  /** Desktop screenshot, plus the same screen in a 375 px phone with the same session. */
  async function screens(page: Page, name: string) {
    if (!takesScreenshots) return;
    await page.evaluate(() => window.scrollTo(0, 0));
    await fullPageScreenshot(page, `${name}-1280`);
    const context = await newContext(browser, { viewport: MOBILE });
    await context.addCookies(await page.context().cookies());
    const lang = await page.evaluate(() => localStorage.getItem('language') ?? 'en');
    await context.addInitScript((l) => window.localStorage.setItem('language', l), lang);
    const phone = await context.newPage();
    await phone.goto(page.url());
    await phone.waitForLoadState('networkidle');
    await fullPageScreenshot(phone, `${name}-375`);
    await context.close();
  }

  async function toast(page: Page, title: string) {
    await expect.poll(() => page.getByText(title, { exact: true }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
  }

  for (const lang of ['en', 'es'] as const) {
    it(`works end to end in ${lang === 'en' ? 'English' : 'Spanish'}`, async () => {
      const t = (key: string, values?: Record<string, string | number>) => catalogText(lang, key, values);
      const businessName = `Zephyr Pipes ${lang.toUpperCase()}`;
      // A word only this run's provider uses, so the text search must find exactly one.
      const word = lang === 'en' ? 'zephyrite' : 'quetzalcoatl';

      // The provider: upgrade, then fill all five tabs.
      const provider = await userPage('Pat', lang);
      const upgrade = await provider.request.post(`${app.url}/api/auth/upgrade-to-provider`, {
        headers: { origin: app.url },
      });
      expect(upgrade.status()).toBe(200);
      await provider.goto(`${app.url}/business-profile`);
      await provider.getByRole('heading', { name: t('profiles:page_title') }).waitFor();
      await provider.getByLabel(t('profiles:field_business_name')).fill(businessName);
      await provider.getByLabel(t('profiles:field_business_type')).selectOption('llc');
      await provider
        .getByLabel(t('profiles:field_description'))
        .fill(`Licensed plumbers: leak repairs, water heaters and ${word} pipe fitting.`);
      await provider.getByLabel(t('profiles:field_phone')).fill('(512) 555-0100');
      await provider.getByLabel(t('profiles:field_website')).fill('zephyr.example.com');
      await provider.getByLabel(t('profiles:field_years')).fill('8');
      // As a person does: the chooser opens from its button, which works once scripts run (the hidden file input
      // is not in use before then).
      const chooser = provider.waitForEvent('filechooser');
      await provider
        .getByRole('button', { name: t('profiles:choose_image') })
        .first()
        .click();
      await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await png('#1f4fd1') });
      await expect.poll(() => provider.getByRole('button', { name: t('profiles:replace_image') }).count()).toBe(1);
      await screens(provider, `providers-${lang}-business-tab`);
      await provider.getByRole('button', { name: t('profiles:create_profile') }).click();
      await toast(provider, t('profiles:created'));

      await provider.getByRole('tab', { name: t('profiles:tab_services') }).click();
      await provider.getByLabel(t('profiles:field_category')).selectOption({ label: t('categories:plumbing') });
      await provider.getByLabel(t('profiles:field_experience')).fill('51');
      await provider.getByRole('button', { name: t('profiles:add_item') }).click();
      await provider.getByText(t('profiles:validation_experience')).waitFor();
      await provider.getByLabel(t('profiles:field_experience')).fill('8');
      await provider.getByLabel(t('profiles:field_price_min')).fill('90');
      await provider.getByRole('button', { name: t('profiles:add_item') }).click();
      await provider.getByTestId('profile-item').first().waitFor();
      await screens(provider, `providers-${lang}-services-tab`);

      await provider.getByRole('tab', { name: t('profiles:tab_areas') }).click();
      await provider.getByLabel(t('profiles:field_zip')).fill('78741');
      await provider.getByLabel(t('profiles:field_radius')).fill('15');
      await provider.getByRole('button', { name: t('profiles:add_item') }).click();
      await provider.getByText('Austin, TX 78741').waitFor();
      await screens(provider, `providers-${lang}-areas-tab`);

      await provider.getByRole('tab', { name: t('profiles:tab_credentials') }).click();
      await provider.getByLabel(t('profiles:field_credential_type')).selectOption('license');
      await provider.getByLabel(t('profiles:field_credential_name')).fill('Texas Master Plumber');
      await provider.getByLabel(t('profiles:field_issuing_authority')).fill('Texas State Board');
      await provider.getByTestId('document-input').setInputFiles({
        name: 'license.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
      });
      await provider.getByText(t('profiles:document_attached')).waitFor();
      await provider.getByRole('button', { name: t('profiles:add_item') }).click();
      await provider.getByText(t('profiles:awaiting_verification')).waitFor();
      await screens(provider, `providers-${lang}-credentials-tab`);

      await provider.getByRole('tab', { name: t('profiles:tab_portfolio') }).click();
      await provider.getByLabel(t('profiles:field_portfolio_title')).fill('Tankless heater install');
      await provider.getByLabel(t('profiles:field_description')).fill('Swapped a 50-gallon tank for a tankless unit.');
      await provider.getByLabel(t('profiles:field_project_value')).fill('3200');
      await provider
        .getByTestId('after-input')
        .setInputFiles({ name: 'after.png', mimeType: 'image/png', buffer: await png('#d97706') });
      await expect.poll(() => provider.getByRole('button', { name: t('profiles:remove_image') }).count()).toBe(1);
      await provider.getByRole('button', { name: t('profiles:add_item') }).click();
      await provider.getByText('Tankless heater install').waitFor();
      await screens(provider, `providers-${lang}-portfolio-tab`);

      // The customer: finds the provider by ZIP (78701 is 3 miles from the 78741 area) and by text.
      const customer = await userPage('Cam', lang);
      await customer.goto(`${app.url}/find-providers`);
      await customer.getByLabel(t('profiles:location_label')).fill('78701');
      const card = customer.getByTestId('provider-card').filter({ hasText: businessName });
      await card.waitFor();
      await customer.getByLabel(t('profiles:location_label')).fill('10001');
      await customer.getByText(t('profiles:no_providers')).waitFor();
      await customer.getByLabel(t('profiles:location_label')).fill('');
      await customer.getByLabel(t('profiles:search_label')).fill(word);
      await card.waitFor();
      await expect.poll(() => customer.getByTestId('provider-card').count()).toBe(1);
      await screens(customer, `providers-${lang}-find`);

      await card.getByRole('link', { name: t('profiles:view_profile') }).click();
      await customer.getByRole('heading', { name: businessName }).waitFor();
      await customer.getByRole('link', { name: t('profiles:visit_website') }).waitFor();
      await screens(customer, `providers-${lang}-showcase`);
      await customer.getByRole('tab', { name: t('profiles:tab_portfolio') }).click();
      await customer.getByText('Tankless heater install').waitFor();

      await customer
        .getByRole('button', { name: t('profiles:request_service') })
        .first()
        .click();
      const dialog = customer.getByRole('dialog');
      await dialog.getByRole('button', { name: t('requests:send') }).click();
      await toast(customer, t('requests:missing_title'));
      await dialog.getByLabel(t('requests:field_title')).fill('Water heater leaking');
      await dialog.getByLabel(t('requests:field_service_type')).selectOption({ label: t('categories:plumbing') });
      await dialog.getByLabel(t('requests:field_description')).fill('The tank leaks at the bottom valve since Monday.');
      await dialog.getByLabel(t('requests:field_budget')).fill('400');
      await dialog.getByLabel(t('requests:field_urgency')).selectOption('urgent');
      await dialog.getByLabel(t('requests:field_location')).fill('Austin, TX 78704');
      await fullPageScreenshot(customer, `providers-${lang}-request-dialog-1280`);
      await dialog.getByRole('button', { name: t('requests:send') }).click();
      await toast(customer, t('requests:sent_title'));
      await dialog.waitFor({ state: 'detached' });

      // The provider accepts on the dashboard.
      await provider.goto(`${app.url}/dashboard`);
      await provider.getByRole('tab', { name: t('dashboard:mode_provider') }).click();
      const incoming = provider.getByTestId('requests-incoming');
      await incoming.getByText('Water heater leaking').waitFor();
      await incoming.getByLabel(t('requests:response_field')).fill('I can come tomorrow at 9.');
      await screens(provider, `providers-${lang}-incoming-request`);
      await incoming.getByRole('button', { name: t('requests:accept') }).click();
      await incoming.getByText(t('requests:status_accepted')).waitFor();

      // The customer sees the request accepted and the new job among theirs.
      await customer.goto(`${app.url}/dashboard`);
      await customer.getByTestId('my-jobs').getByText('Water heater leaking').waitFor();
      const outgoing = customer.getByTestId('requests-outgoing');
      await outgoing.getByText(t('requests:status_accepted')).waitFor();
      await outgoing.getByText('I can come tomorrow at 9.').waitFor();
      await screens(customer, `providers-${lang}-customer-dashboard`);
      await outgoing.getByRole('link', { name: t('requests:view_job') }).click();
      await customer.getByRole('heading', { name: 'Water heater leaking' }).waitFor();
    });
  }
});
