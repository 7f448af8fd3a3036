import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { Language } from '#shared/i18n/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#server/db/seed/demo.js';
import { journeyFixture } from './support/journey.js';
import {
  catalogText,
  describeJourney,
  DESKTOP,
  MOBILE,
  newContext,
  settled,
  trackRequests,
  untilHydrated,
} from './support/browser.js';

/**
 * The rules whose outcome depends on the words on the page: names, labels, titles, languages. The screens are
 * one layout in two languages, so every rule runs in Spanish (the longer words), these in English too; the
 * rest (contrast, structure, ARIA) would only repeat themselves, at two to five seconds of CPU a screen.
 */
const TEXT_RULES = [
  'label-content-name-mismatch',
  'button-name',
  'link-name',
  'input-button-name',
  'label',
  'select-name',
  'image-alt',
  'role-img-alt',
  'svg-img-alt',
  'aria-command-name',
  'aria-input-field-name',
  'aria-toggle-field-name',
  'aria-dialog-name',
  'aria-tooltip-name',
  'aria-progressbar-name',
  'document-title',
  'empty-heading',
  'html-has-lang',
  'html-lang-valid',
  'valid-lang',
];

/** Serious and critical axe findings on the page as it stands, one line each. */
async function seriousViolations(page: Page, lang: Language): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  // label-content-name-mismatch is one of axe's experimental rules, off unless asked for (issue 21).
  if (lang === 'en') builder.withRules(TEXT_RULES);
  else builder.options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary ?? ''}`));
}

/**
 * Text the page cuts off without saying so: an element in <main> that hides its own overflowing text (the
 * text of its own, not a scrolling box's content) without an ellipsis, and a page wider than the window
 * (issue 24: a long last message on /messages pushed the time out of its row and was cut mid-word).
 */
async function cutText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth) problems.push('the page is wider than the window');
    for (const element of document.querySelectorAll<HTMLElement>('main *')) {
      // Visually hidden text (sr-only: a 1 px box) is meant for screen readers, whole.
      if (element.scrollWidth <= element.clientWidth + 1 || element.clientWidth <= 1) continue;
      const style = getComputedStyle(element);
      if (style.overflowX !== 'hidden' && style.overflowX !== 'clip') continue;
      const ownText = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      );
      if (ownText && style.textOverflow !== 'ellipsis')
        problems.push(`cut without an ellipsis: ${element.outerHTML.slice(0, 120)}`);
    }
    return problems;
  });
}

/** Parts of conversation rows on /messages (the time among them) that reach past their row's edge. */
async function partsPastRowEdge(page: Page): Promise<string[]> {
  return page.getByTestId('conversation').evaluateAll((rows) =>
    rows.flatMap((row) => {
      const edge = row.getBoundingClientRect().right + 0.5;
      return [...row.querySelectorAll('*')]
        .filter((part) => part.getBoundingClientRect().right > edge)
        .map((part) => `<${part.tagName.toLowerCase()}> past its row's edge: ${row.textContent?.slice(0, 80)}`);
    }),
  );
}

describeJourney('accessibility of the signed-in screens, in English and Spanish', () => {
  const { app, browser } = journeyFixture({ SEED_DEMO: 'true' });
  const customer = DEMO_ACCOUNTS.find((a) => a.role === 'customer')!;
  const provider = DEMO_ACCOUNTS.find((a) => a.role === 'provider')!;

  async function signedIn(email: string, lang: Language): Promise<Page> {
    const context = await newContext(browser, { language: lang });
    const page = trackRequests(await context.newPage());
    const login = await page.request.post(`${app.url}/api/auth/login`, {
      data: { email, password: DEMO_PASSWORD },
      headers: { origin: app.url },
    });
    expect(login.status()).toBe(200);
    return page;
  }

  async function firstJobId(page: Page, path: string): Promise<string> {
    const jobs = (await (await page.request.get(`${app.url}${path}`)).json()) as { id: string }[];
    return jobs[0]!.id;
  }

  for (const lang of ['en', 'es'] as Language[]) {
    // The provider's ten screens in two tests, each inside the journeys' 90 s on a loaded machine too.
    for (const [part, screens] of [
      ['1/2', ['/', '/dashboard', 'job', '/find-providers', 'provider']],
      ['2/2', ['/messages', '/projects', '/buy-credits', '/business-profile', '/post-job']],
    ] as const) {
      it(`finds no serious or critical axe violation on a provider's screens, ${part} (${lang})`, async () => {
        const page = await signedIn(provider.email, lang);
        const jobId = await firstJobId(page, '/api/jobs');
        const providers = (await (await page.request.get(`${app.url}/api/providers/search`)).json()) as {
          id: string;
        }[];
        const paths: Record<string, string> = { job: `/jobs/${jobId}`, provider: `/provider/${providers[0]!.id}` };
        const found: string[] = [];
        for (const screen of screens) {
          const path = paths[screen] ?? screen;
          await page.goto(`${app.url}${path}`);
          await untilHydrated(page);
          await settled(page);
          await expect.poll(() => page.getByTestId('credits-badge').first().isVisible()).toBe(true);
          found.push(...(await seriousViolations(page, lang)).map((v) => `${path}: ${v}`));
        }
        expect(found).toEqual([]);
        await page.context().close();
      });
    }

    it(`finds none on a customer's screens either (${lang})`, async () => {
      const page = await signedIn(customer.email, lang);
      const jobId = await firstJobId(page, '/api/my-jobs');
      const found: string[] = [];
      for (const path of ['/', '/dashboard', `/jobs/${jobId}`, '/messages', '/projects', '/post-job']) {
        await page.goto(`${app.url}${path}`);
        await untilHydrated(page);
        await settled(page);
        found.push(...(await seriousViolations(page, lang)).map((v) => `${path}: ${v}`));
      }
      expect(found).toEqual([]);
      await page.context().close();
    });
  }

  it('cuts long text in list rows with an ellipsis and keeps each row’s time in its row, at 1280 and 375 px (en, es)', async () => {
    // The demo provider's conversations end with long messages: one of many words, one of a single long word.
    const sender = await signedIn(provider.email, 'en');
    const conversations = (await (await sender.request.get(`${app.url}/api/conversations`)).json()) as {
      jobId: string;
      otherParty: { id: string };
    }[];
    expect(conversations.length).toBeGreaterThanOrEqual(2);
    const words =
      'Tile delivery moved to Thursday morning, so the grout and sealing finish the following afternoon '.repeat(4);
    for (const [index, content] of [words, 'Supercalifragilistic'.repeat(12)].entries()) {
      const sent = await sender.request.post(`${app.url}/api/messages`, {
        data: { jobId: conversations[index]!.jobId, receiverId: conversations[index]!.otherParty.id, content },
        headers: { origin: app.url },
      });
      expect(sent.status()).toBe(201);
    }
    await sender.context().close();

    const found: string[] = [];
    for (const lang of ['en', 'es'] as Language[]) {
      for (const viewport of [DESKTOP, MOBILE]) {
        const page = await signedIn(provider.email, lang);
        await page.setViewportSize(viewport);
        for (const path of ['/messages', '/dashboard', '/buy-credits']) {
          await page.goto(`${app.url}${path}`);
          await untilHydrated(page);
          await settled(page);
          const where = `${path} ${lang} ${viewport.width}px`;
          found.push(...(await cutText(page)).map((problem) => `${where}: ${problem}`));
          if (path === '/messages') {
            const rows = page.getByTestId('conversation');
            expect(await rows.count(), where).toBeGreaterThanOrEqual(2);
            found.push(...(await partsPastRowEdge(page)).map((problem) => `${where}: ${problem}`));
          }
        }
        await page.context().close();
      }
    }
    expect(found).toEqual([]);
  });

  it('moves focus into the in-place confirmation when it opens and back to its button when cancelled', async () => {
    // The demo provider bids on one of the demo customer's open jobs.
    const bidder = await signedIn(provider.email, 'en');
    const page = await signedIn(customer.email, 'es');
    const jobs = (await (await page.request.get(`${app.url}/api/my-jobs`)).json()) as { id: string; status: string }[];
    let jobId: string | null = null;
    for (const job of jobs.filter((j) => j.status === 'open')) {
      const bid = await bidder.request.post(`${app.url}/api/jobs/${job.id}/bids`, {
        data: { amount: '250', message: 'Happy to help', tier: 'regular' },
        headers: { origin: app.url },
      });
      if (bid.status() === 201) {
        jobId = job.id;
        break;
      }
    }
    await bidder.context().close();
    expect(jobId).not.toBeNull();
    await page.goto(`${app.url}/jobs/${jobId}`);
    const accept = page.getByRole('button', { name: catalogText('es', 'projects:accept_bid') }).first();
    await accept.click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Enter'); // on the safe answer: nothing is accepted
    await expect.poll(() => dialog.count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toBe(catalogText('es', 'projects:accept_bid'));
    // Escape closes it too, and focus comes back the same way.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toBe(catalogText('es', 'projects:accept_bid'));
    const bids = (await (await page.request.get(`${app.url}/api/jobs/${jobId}/bids`)).json()) as { status: string }[];
    expect(bids.some((b) => b.status === 'accepted')).toBe(false);
    await page.context().close();
  });
});
