import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Language } from '#shared/i18n/index.js';
import { journeyFixture } from './support/journey.js';
import { DESKTOP, describeJourney, MOBILE, catalogText, registeredPage, screenshot } from './support/browser.js';

const PASSWORD = 'correct horse battery';

describeJourney('hiring: a provider bids and messages, the customer hires, tracks and reviews', () => {
  const { app, browser } = journeyFixture({ FREE_CREDITS_ON_UPGRADE: '20' });

  async function userPage(name: string, lang: Language, viewport = DESKTOP): Promise<Page> {
    const page = await registeredPage(browser, app.url, { name, lang, password: PASSWORD, viewport });
    return page;
  }

  async function call<T>(page: Page, method: 'GET' | 'POST', path: string, data?: object): Promise<T> {
    const response = await page.request.fetch(`${app.url}${path}`, { method, data, headers: { origin: app.url } });
    if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  }

  async function shot(page: Page, name: string) {
    await page.evaluate('window.scrollTo(0, 0)');
    await screenshot(page, `hiring-${name}`);
  }

  for (const lang of ['en', 'es'] as const) {
    it(`runs from bid to review without a reload (${lang})`, async () => {
      const customer = await userPage(lang === 'en' ? 'Carla' : 'Camila', lang, DESKTOP);
      const provider = await userPage(lang === 'en' ? 'Pedro' : 'Pablo', lang, MOBILE);
      const providerUser = (await call<{ user: { id: string } }>(provider, 'POST', '/api/auth/upgrade-to-provider'))
        .user;
      // A provider with a business profile has a public page, where the customer's review will show.
      await call(provider, 'POST', '/api/business-profile', {
        businessName: lang === 'en' ? 'Pedro Tile Works' : 'Azulejos Pablo',
        businessType: 'sole_proprietor',
        description: 'Tile, grout and bathroom remodels.',
        phone: '5125550142',
      });
      const categories = await call<{ id: number }[]>(customer, 'GET', '/api/categories');
      const job = await call<{ id: string; title: string }>(customer, 'POST', '/api/jobs', {
        categoryId: categories[0]!.id,
        title: lang === 'en' ? 'Retile the guest bathroom' : 'Cambiar azulejos del baño',
        description: 'About 60 square feet of wall tile, old tiles to remove first.',
        zipCode: '78701',
        city: 'Austin',
        state: 'TX',
        budgetMin: '900',
        budgetMax: '1500',
        timeline: 'month',
      });

      // The customer waits on /messages; nothing there yet.
      await customer.goto(`${app.url}/messages`);
      await customer.getByText(catalogText(lang, 'messages:no_conversations'), { exact: true }).waitFor();
      await expect.poll(() => customer.getByTestId('connection-state').getAttribute('data-open')).toBe('true');
      await customer.evaluate('window.__sameDocument = true');
      await shot(customer, `messages-empty-${lang}-1280`);
      await provider.goto(`${app.url}/projects`);
      await provider.getByText(catalogText(lang, 'projects:empty_title'), { exact: true }).waitFor();
      await shot(provider, `projects-empty-${lang}-375`);

      // The provider bids on the job page…
      await provider.goto(`${app.url}/jobs/${job.id}`);
      const form = provider.getByTestId('bid-form');
      await form.getByLabel(new RegExp(catalogText(lang, 'bids:amount_label').replace(/[()$]/g, '.'))).fill('1200');
      await form.getByRole('button', { name: catalogText(lang, 'bids:submit', { count: 9 }) }).click();
      await provider.getByTestId('own-bid').waitFor();
      // …and messages the customer.
      await provider.getByRole('button', { name: catalogText(lang, 'messages:message_customer') }).click();
      const text = lang === 'en' ? 'Hi! I can start next Monday.' : '¡Hola! Puedo empezar el lunes.';
      const dialogInput = provider.getByRole('dialog').getByLabel(catalogText(lang, 'messages:input_label'));
      await dialogInput.fill(text);
      await dialogInput.press('Enter');
      await provider.waitForURL(/\/messages\?c=/);
      await provider.getByTestId('message').filter({ hasText: text }).waitFor();

      // The message appears for the customer without a reload, with unread badges.
      const conversation = customer.getByTestId('conversation').first();
      await conversation.waitFor();
      expect(await conversation.getByTestId('conversation-unread').textContent()).toBe('1');
      await expect.poll(() => customer.getByTestId('nav-unread').first().textContent()).toBe('1');
      await shot(customer, `messages-list-${lang}-1280`);
      // The search asks the server as one types (decision 048): no match for a stranger, then the business's name.
      const box = customer.getByRole('searchbox', { name: catalogText(lang, 'messages:search_label') });
      await box.fill('Nobody');
      await customer.getByText(catalogText(lang, 'messages:no_matches', { search: 'Nobody' })).waitFor();
      await box.fill(lang === 'en' ? 'TILE WORKS' : 'azulejos pablo');
      await conversation.waitFor();
      await conversation.click();
      await customer.getByTestId('message').filter({ hasText: text }).waitFor();
      await expect.poll(() => customer.getByTestId('nav-unread').count()).toBe(0);
      expect(await customer.evaluate('window.__sameDocument')).toBe(true);

      // Enter sends, Shift+Enter does not; the provider sees the reply and the read tick live.
      const input = customer.getByRole('textbox', { name: catalogText(lang, 'messages:input_label'), exact: true });
      await input.fill(lang === 'en' ? 'Great, Monday works' : 'Perfecto, el lunes');
      await input.press('Shift+Enter');
      expect(await customer.getByTestId('message').count()).toBe(1);
      await input.press('Enter');
      await provider.getByTestId('message').nth(1).waitFor();
      await customer.getByTestId('tick-sent').waitFor();
      await shot(customer, `messages-thread-${lang}-1280`);
      await shot(provider, `messages-thread-${lang}-375`);

      // The customer hires the provider from the job page.
      await customer.goto(`${app.url}/jobs/${job.id}`);
      const bidRow = customer.getByTestId('owner-bid').first();
      await bidRow.getByRole('button', { name: catalogText(lang, 'projects:accept_bid') }).click();
      await bidRow
        .getByRole('alertdialog')
        .getByRole('button', { name: catalogText(lang, 'projects:accept_bid') })
        .click();
      await customer.getByTestId('manage-project').waitFor();
      await shot(customer, `job-hired-${lang}-1280`);

      // Milestones in the project dialog on /projects.
      await customer.goto(`${app.url}/projects`);
      await customer.getByText(catalogText(lang, 'projects:page_title'), { exact: true }).waitFor();
      await customer.getByTestId('project-card').first().click();
      const dialog = customer.getByTestId('project-dialog');
      const milestoneInput = dialog.getByLabel(catalogText(lang, 'projects:milestone_title_label'));
      for (const title of lang === 'en'
        ? ['Remove old tiles', 'Set new tiles']
        : ['Quitar azulejos', 'Poner azulejos']) {
        await milestoneInput.fill(title);
        await dialog.getByRole('button', { name: catalogText(lang, 'projects:add_milestone') }).click();
        await dialog.getByTestId('milestone').filter({ hasText: title }).waitFor();
      }
      await dialog
        .getByTestId('milestone')
        .first()
        .getByRole('button', { name: catalogText(lang, 'projects:complete_milestone') })
        .click();
      await expect
        .poll(() => dialog.getByTestId('progress-value').textContent())
        .toBe(catalogText(lang, 'projects:progress_value', { value: 50 }));
      // The hired provider sees the progress move on their own projects page. Their event stream must be
      // open before the next change, or that change only shows on the next refetch (decision 016).
      const streamOpen = provider.waitForResponse((response) => response.url().endsWith('/api/events'));
      await provider.goto(`${app.url}/projects`);
      await streamOpen;
      await expect
        .poll(() => provider.getByTestId('progress-value').first().textContent())
        .toBe(catalogText(lang, 'projects:progress_value', { value: 50 }));
      await shot(customer, `project-dialog-${lang}-1280`);
      await dialog
        .getByTestId('milestone')
        .nth(1)
        .getByRole('button', { name: catalogText(lang, 'projects:complete_milestone') })
        .click();
      await expect
        .poll(() => dialog.getByTestId('progress-value').textContent())
        .toBe(catalogText(lang, 'projects:progress_value', { value: 100 }));
      await expect
        .poll(() => provider.getByTestId('progress-value').first().textContent())
        .toBe(catalogText(lang, 'projects:progress_value', { value: 100 }));
      await shot(provider, `projects-${lang}-375`);

      // Complete the job, then review the provider.
      await dialog.getByRole('button', { name: catalogText(lang, 'projects:complete_job') }).click();
      await dialog
        .getByRole('alertdialog')
        .getByRole('button', { name: catalogText(lang, 'projects:complete_job') })
        .click();
      const review = dialog.getByTestId('review-form');
      await review.waitFor();
      await review
        .getByRole('radiogroup', { name: catalogText(lang, 'projects:overall_rating') })
        .getByRole('radio')
        .nth(4)
        .click();
      for (const key of ['quality', 'timeliness', 'communication', 'value']) {
        await review
          .getByRole('radiogroup', { name: catalogText(lang, `projects:${key}`) })
          .getByRole('radio')
          .nth(3)
          .click();
      }
      await review
        .getByLabel(catalogText(lang, 'projects:comment'))
        .fill(lang === 'en' ? 'Clean work, on time.' : 'Trabajo limpio y puntual.');
      await shot(customer, `review-form-${lang}-1280`);
      await review.getByRole('button', { name: catalogText(lang, 'projects:submit_review') }).click();
      await dialog.getByTestId('reviewed').waitFor();
      await dialog.getByRole('button', { name: catalogText(lang, 'common:close'), exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await customer.setViewportSize(MOBILE);
      await shot(customer, `projects-${lang}-375-customer`);
      await customer.setViewportSize(DESKTOP);
      await shot(customer, `projects-${lang}-1280`);

      const tracked = await call<
        { id: string; status: string; isReviewed: boolean; acceptedProvider: { id: string } }[]
      >(customer, 'GET', '/api/jobs/tracking');
      expect(tracked.find((j) => j.id === job.id)).toMatchObject({
        status: 'completed',
        isReviewed: true,
        acceptedProvider: { id: providerUser.id },
      });
      // The review shows on the provider's public page, in the reviews tab.
      const comment = lang === 'en' ? 'Clean work, on time.' : 'Trabajo limpio y puntual.';
      await customer.goto(`${app.url}/provider/${providerUser.id}`);
      await customer.getByRole('tab', { name: catalogText(lang, 'profiles:tab_reviews') }).click();
      await customer.getByText(comment).waitFor();
      await shot(customer, `provider-reviews-${lang}-1280`);
    });
  }
});
