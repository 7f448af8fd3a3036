import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { testTempDir } from '#server/test/temp-dir.js';
import { startApp, type RunningApp } from './support/app.js';
import { catalogText, describeJourney, DESKTOP, launchBrowser, newContext, untilHydrated } from './support/browser.js';

// The marketplace's forms posted by the browser itself (docs/decisions/030): post a job with photos, place a
// bid, accept a bid, send a message, redeem a promo code, log out. First as the server sees such a post (HTTP,
// no browser), then in Chromium with JavaScript off, in English and with refusals in Spanish.

const PASSWORD = 'correct horse battery';
const FREE_CREDITS = 200;

let app: RunningApp;
beforeAll(async () => {
  // The demo data brings the promo code anyone may redeem once (WELCOME10).
  app = await startApp({ FREE_CREDITS_ON_UPGRADE: String(FREE_CREDITS), SEED_DEMO: 'true' });
});
afterAll(async () => {
  await app?.stop();
});

type Account = { cookie: string; id: string };

/** A new account, signed in (its session cookie), through the API as scripts would. */
async function account(name: string, provider = false): Promise<Account> {
  const answer = await fetch(`${app.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url },
    body: JSON.stringify({
      email: `${name.toLowerCase()}-${Date.now()}@example.com`,
      password: PASSWORD,
      firstName: name,
      lastName: 'Tester',
    }),
  });
  expect(answer.status).toBe(201);
  const cookie = answer.headers
    .getSetCookie()
    .map((line) => line.split(';', 1)[0])
    .join('; ');
  const { id } = (await answer.json()) as { id: string };
  if (!provider) return { cookie, id };
  // Becoming a provider starts a new session (its cookie replaces the first).
  const upgraded = await fetch(`${app.url}/api/auth/upgrade-to-provider`, {
    method: 'POST',
    headers: { cookie, origin: app.url },
  });
  expect(upgraded.ok).toBe(true);
  const renewed = upgraded.headers.getSetCookie().map((line) => line.split(';', 1)[0]);
  return { cookie: renewed.length > 0 ? renewed.join('; ') : cookie, id };
}

async function call<T>(who: Account, method: string, path: string, body?: object): Promise<T> {
  const answer = await fetch(`${app.url}${path}`, {
    method,
    headers: { cookie: who.cookie, origin: app.url, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

/** A form as the browser posts it itself, from `origin` (the page's own by default), to a page's URL. */
function post(
  who: Account,
  path: string,
  form: FormData | URLSearchParams,
  options: { origin?: string; lang?: string } = {},
) {
  return fetch(`${app.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      cookie: [who.cookie, options.lang ? `lang=${options.lang}` : ''].filter(Boolean).join('; '),
      origin: options.origin ?? app.url,
    },
    body: form,
  });
}

const photo = async () =>
  new Blob(
    [
      new Uint8Array(
        await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c87828' } })
          .png()
          .toBuffer(),
      ),
    ],
    {
      type: 'image/png',
    },
  );

function jobForm(title: string): FormData {
  const form = new FormData();
  const fields = {
    intent: 'post-job',
    categoryId: '1',
    title,
    description: 'Replace the leaking kitchen faucet and check the pipes under the sink.',
    zipCode: '78701',
    city: 'Austin',
    state: 'TX',
    budgetMin: '100',
    budgetMax: '300',
    timeline: 'flexible',
    requiresLicense: 'on',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

type Job = { id: string; title: string; photos: string[]; requiresLicense: boolean; status: string };
type Bid = { id: string; amount: string; tier: string; status: string };

describe('the marketplace forms posted natively (no scripts)', () => {
  it('posts a job with a photo (multipart): uploaded, created, then 303 to the home page', async () => {
    const owner = await account('Olga');
    const form = jobForm('Fix the kitchen faucet natively');
    form.append('file', await photo(), 'sink.png');
    const answer = await post(owner, '/post-job', form);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/');
    const jobs = await call<Job[]>(owner, 'GET', '/api/my-jobs');
    const job = jobs.find((item) => item.title === 'Fix the kitchen faucet natively');
    expect(job?.photos).toHaveLength(1);
    expect(job?.requiresLicense).toBe(true);
  });

  it('re-renders a refused job in Spanish with the values kept and asks for the photos again', async () => {
    const owner = await account('Olivia');
    const form = jobForm('Fx');
    form.append('file', await photo(), 'sink.png');
    const answer = await post(owner, '/post-job', form, { lang: 'es' });
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toContain(catalogText('es', 'jobs:validation_title_min'));
    expect(html).toContain(catalogText('es', 'jobs:photos_pick_again'));
    expect(html).toContain('value="Austin"');
    expect(html).toContain('<html lang="es"');
  });

  it('refuses a cross-origin job post with 403 and writes nothing', async () => {
    const owner = await account('Oscar');
    const form = jobForm('Cross-origin job');
    form.append('file', await photo(), 'sink.png');
    const answer = await post(owner, '/post-job', form, { origin: 'https://evil.example' });
    expect(answer.status).toBe(403);
    const jobs = await call<Job[]>(owner, 'GET', '/api/my-jobs');
    expect(jobs).toHaveLength(0);
  });

  it('places a bid and accepts it through the job page: question first, then the hire, each 303 back', async () => {
    const owner = await account('Omar');
    const provider = await account('Pablo', true);
    const job = await call<Job>(owner, 'POST', '/api/jobs', {
      ...Object.fromEntries(jobForm('A job to bid on natively').entries()),
      intent: undefined,
      requiresLicense: false,
    });

    const bid = new URLSearchParams({
      intent: 'place-bid',
      amount: '250',
      message: 'Can start Monday',
      tier: 'regular',
    });
    const cross = await post(provider, `/jobs/${job.id}`, bid, { origin: 'https://evil.example' });
    expect(cross.status).toBe(403);
    expect(await call<Bid[]>(owner, 'GET', `/api/jobs/${job.id}/bids`)).toHaveLength(0);

    const placed = await post(provider, `/jobs/${job.id}`, bid);
    expect(placed.status).toBe(303);
    expect(placed.headers.get('location')).toBe(`/jobs/${job.id}`);
    const [placedBid] = await call<Bid[]>(owner, 'GET', `/api/jobs/${job.id}/bids`);
    expect(placedBid).toMatchObject({ amount: '250.00', tier: 'regular', status: 'pending' });

    // Without scripts the first click asks the question on the server; nothing is hired yet.
    const ask = new URLSearchParams({ intent: 'accept-bid', bidId: placedBid!.id, providerName: 'Pablo Tester' });
    const asked = await post(owner, `/jobs/${job.id}`, ask);
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('role="alertdialog"');
    expect((await call<Job>(owner, 'GET', `/api/jobs/${job.id}`)).status).toBe('open');

    const accepted = await post(owner, `/jobs/${job.id}`, new URLSearchParams([...ask, ['confirm', 'yes']]));
    expect(accepted.status).toBe(303);
    expect((await call<Job>(owner, 'GET', `/api/jobs/${job.id}`)).status).toBe('in_progress');
  });

  it('re-renders a refused bid in Spanish on the job page', async () => {
    const owner = await account('Ofelia');
    const provider = await account('Pilar', true);
    const job = await call<Job>(owner, 'POST', '/api/jobs', {
      ...Object.fromEntries(jobForm('A job for a refused bid').entries()),
      intent: undefined,
      requiresLicense: false,
    });
    const answer = await post(
      provider,
      `/jobs/${job.id}`,
      new URLSearchParams({ intent: 'place-bid', amount: '0', tier: 'regular' }),
      { lang: 'es' },
    );
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain(catalogText('es', 'bids:validation_amount_positive'));
    expect(await call<Bid[]>(owner, 'GET', `/api/jobs/${job.id}/bids`)).toHaveLength(0);
  });
});

describe('messages, promo codes and an ended session, posted natively (no scripts)', () => {
  it('sends a message: 303 to its conversation, the text trimmed; cross-site 403; a blank one refused in Spanish', async () => {
    const owner = await account('Marta');
    const provider = await account('Mateo', true);
    const job = await call<Job>(owner, 'POST', '/api/jobs', {
      ...Object.fromEntries(jobForm('A job to talk about natively').entries()),
      intent: undefined,
      requiresLicense: false,
    });
    // Messages are about a job the provider bid on (spec §2).
    await call(provider, 'POST', `/api/jobs/${job.id}/bids`, { amount: '150', tier: 'regular' });
    const message = (content: string) =>
      new URLSearchParams({ intent: 'send-message', jobId: job.id, receiverId: owner.id, content });

    const cross = await post(provider, '/messages', message('From elsewhere'), { origin: 'https://evil.example' });
    expect(cross.status).toBe(403);
    expect(await call<unknown[]>(owner, 'GET', '/api/conversations')).toHaveLength(0);

    const sent = await post(provider, '/messages', message('  Hello from a form  '));
    expect(sent.status).toBe(303);
    const [conversation] = await call<{ id: string }[]>(owner, 'GET', '/api/conversations');
    expect(sent.headers.get('location')).toBe(`/messages?c=${conversation!.id}`);
    const thread = await call<{ content: string }[]>(owner, 'GET', `/api/messages?conversationId=${conversation!.id}`);
    expect(thread.map((item) => item.content)).toEqual(['Hello from a form']);

    const blank = await post(provider, `/messages?c=${conversation!.id}`, message('   '), { lang: 'es' });
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain(catalogText('es', 'messages:validation_content_required'));
    expect(await call<unknown[]>(owner, 'GET', `/api/messages?conversationId=${conversation!.id}`)).toHaveLength(1);
  });

  it('redeems a promo code once: 303 back with the credits; again refused in Spanish; an empty code is ignored', async () => {
    const provider = await account('Mina', true);
    const credits = async () => (await call<{ credits: number }>(provider, 'GET', '/api/auth/user')).credits;
    const code = (value: string) => new URLSearchParams({ intent: 'redeem-promo', code: value });

    const redeemed = await post(provider, '/buy-credits', code('  welcome10 '));
    expect(redeemed.status).toBe(303);
    expect(redeemed.headers.get('location')).toBe('/buy-credits');
    expect(await credits()).toBe(FREE_CREDITS + 10);

    const again = await post(provider, '/buy-credits', code('WELCOME10'), { lang: 'es' });
    expect(again.status).toBe(409);
    const html = await again.text();
    expect(html).toContain(catalogText('es', 'promo:invalid_title'));
    expect(html).toContain('value="WELCOME10"');
    expect(html).toContain('<html lang="es"');

    const empty = await post(provider, '/buy-credits', code('   '));
    expect(empty.status).toBe(303);
    expect(await credits()).toBe(FREE_CREDITS + 10);
  });

  it('a form posted after the session ended goes to login, to come back to the page (spec §8)', async () => {
    const ended: Account = { cookie: 'sid=ended', id: '' };
    const bid = new URLSearchParams({ intent: 'place-bid', amount: '100', tier: 'regular' });
    const answer = await post(ended, '/jobs/some-job', bid);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`/api/login?returnTo=${encodeURIComponent('/jobs/some-job')}`);
    const promo = await post(ended, '/buy-credits', new URLSearchParams({ intent: 'redeem-promo', code: 'WELCOME10' }));
    expect(promo.headers.get('location')).toBe(`/api/login?returnTo=${encodeURIComponent('/buy-credits')}`);
  });
});

describeJourney('with JavaScript off: post a job with a photo, a provider bids, the owner hires', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let photoPath: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    photoPath = join(testTempDir('no-js-photo-'), 'faucet.png');
    writeFileSync(photoPath, Buffer.from(await (await photo()).arrayBuffer()));
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
  });

  /** A browser without JavaScript, signed in as `who` (in `lang`). */
  async function pageAs(who: Account, lang: 'en' | 'es' = 'en'): Promise<Page> {
    const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false, locale: 'en-US' });
    contexts.push(context);
    context.setDefaultTimeout(15_000);
    const cookies = who.cookie.split('; ').map((pair) => {
      const [name, ...rest] = pair.split('=');
      return { name: name!, value: rest.join('='), url: app.url };
    });
    await context.addCookies([...cookies, { name: 'lang', value: lang, url: app.url }]);
    return context.newPage();
  }

  it('a newcomer reads the demo accounts on the login page (demo mode) and signs in with one', async () => {
    for (const lang of ['en', 'es'] as const) {
      const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false, locale: 'en-US' });
      contexts.push(context);
      await context.addCookies([{ name: 'lang', value: lang, url: app.url }]);
      const page = await context.newPage();
      await page.goto(`${app.url}/login`);
      // The build cannot know the demo accounts: the server renders the page with them (src/server/http/pages.ts).
      const demo = page.getByRole('region', { name: catalogText(lang, 'auth:demo_title') });
      const shown = await demo.innerText();
      const email = /customer@[\w.-]+/.exec(shown)?.[0];
      const password = /demo-[\w-]+/.exec(shown)?.[0];
      expect(email, shown).toBeDefined();
      const form = page.getByRole('form', { name: catalogText(lang, 'auth:sign_in') });
      await form.getByLabel(catalogText(lang, 'auth:email')).fill(email!);
      await form.getByLabel(catalogText(lang, 'auth:password'), { exact: true }).fill(password!);
      await form.getByRole('button', { name: catalogText(lang, 'auth:sign_in') }).click();
      await page.waitForURL(`${app.url}/`);
      expect((await context.cookies()).some((cookie) => cookie.name !== 'lang')).toBe(true);
    }
  });

  let jobId: string;
  let owner: Account;
  let provider: Account;

  it('the owner posts a job with a photo', async () => {
    owner = await account('Nora');
    const page = await pageAs(owner);
    await page.goto(`${app.url}/post-job`);
    const form = page.getByRole('form', { name: catalogText('en', 'jobs:post_title') });
    await form.getByLabel(catalogText('en', 'jobs:field_category')).selectOption({ index: 1 });
    await form.getByLabel(catalogText('en', 'jobs:field_title')).fill('Fix the faucet without scripts');
    await form
      .getByLabel(catalogText('en', 'jobs:field_description'))
      .fill('The kitchen faucet leaks; replace it and check the pipes.');
    await form.getByLabel(catalogText('en', 'jobs:field_zip')).fill('78701');
    await form.getByLabel(catalogText('en', 'jobs:field_city')).fill('Austin');
    await form.getByLabel(catalogText('en', 'jobs:field_state')).fill('TX');
    await form.getByLabel(catalogText('en', 'jobs:field_timeline')).selectOption('flexible');
    await form.locator('input[type=file]').setInputFiles(photoPath);
    await form.getByRole('checkbox', { name: new RegExp(catalogText('en', 'jobs:requires_license')) }).check();
    await form.getByRole('button', { name: catalogText('en', 'jobs:submit') }).click();
    await page.waitForURL(`${app.url}/`);
    const jobs = await call<Job[]>(owner, 'GET', '/api/my-jobs');
    const job = jobs[0]!;
    expect(job).toMatchObject({ title: 'Fix the faucet without scripts', requiresLicense: true });
    expect(job.photos).toHaveLength(1);
    jobId = job.id;
  });

  it('a provider is refused in Spanish, then places a block bid', async () => {
    provider = await account('Nico', true);
    const es = await pageAs(provider, 'es');
    await es.goto(`${app.url}/jobs/${jobId}`);
    await es.getByTestId('bid-form').getByRole('button').last().click();
    await es.getByText(catalogText('es', 'bids:validation_amount_required')).first().waitFor();

    const page = await pageAs(provider);
    await page.goto(`${app.url}/jobs/${jobId}`);
    const form = page.getByTestId('bid-form');
    await form.getByLabel(catalogText('en', 'bids:amount_label')).fill('275');
    await form.getByTestId('tier-block').click();
    await form.getByRole('button', { name: /Submit/ }).click();
    await page.waitForURL(`${app.url}/jobs/${jobId}`);
    const bids = await call<Bid[]>(owner, 'GET', `/api/jobs/${jobId}/bids`);
    expect(bids).toMatchObject([{ amount: '275.00', tier: 'block', status: 'pending' }]);
  });

  it('the owner accepts the bid: the question, then the hire', async () => {
    const page = await pageAs(owner);
    await page.goto(`${app.url}/jobs/${jobId}`);
    const bid = page.getByTestId('owner-bid');
    await bid.getByRole('button', { name: catalogText('en', 'projects:accept_bid') }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: catalogText('en', 'projects:accept_bid') })
      .click();
    await page.waitForURL(`${app.url}/jobs/${jobId}`);
    expect((await call<Job>(owner, 'GET', `/api/jobs/${jobId}`)).status).toBe('in_progress');
  });
  it('the provider pages through their bids on the dashboard: the newest three, then Show more', async () => {
    // Three more bids, newer than the block bid above: the dashboard shows three, the fourth is a page away.
    for (const title of ['Paint the fence', 'Hang the shelves', 'Seal the deck']) {
      const job = await call<Job>(owner, 'POST', '/api/jobs', {
        categoryId: 1,
        title,
        description: 'A small job for a careful hand, this week if possible.',
        zipCode: '78701',
        city: 'Austin',
        state: 'TX',
        budgetMin: '100',
        budgetMax: '300',
      });
      await call(provider, 'POST', `/api/jobs/${job.id}/bids`, { amount: '150' });
    }
    const page = await pageAs(provider, 'es');
    await page.goto(`${app.url}/provider-dashboard`);
    const recent = page.getByTestId('recent-bid');
    await expect.poll(() => recent.allTextContents()).toHaveLength(3);
    expect(await recent.first().textContent()).toContain('Seal the deck');
    await page.getByRole('link', { name: catalogText('es', 'bids:show_more_bids') }).click();
    await page.waitForURL(/\/provider-dashboard\?before=/);
    // The server rendered the page after the third bid: the oldest one, and nothing more to show.
    await expect.poll(() => recent.allTextContents()).toHaveLength(1);
    expect(await recent.first().textContent()).toContain('Fix the faucet without scripts');
    expect(await page.getByRole('link', { name: catalogText('es', 'bids:show_more_bids') }).count()).toBe(0);
    await page.getByRole('link', { name: catalogText('es', 'bids:newest_bids') }).click();
    await page.waitForURL(`${app.url}/provider-dashboard`);
    await expect.poll(() => recent.allTextContents()).toHaveLength(3);
  });

  it('the provider messages the owner, who answers (refused first in Spanish), then logs out', async () => {
    await call(provider, 'POST', '/api/messages', { jobId, receiverId: owner.id, content: 'Starting Monday?' });
    const es = await pageAs(owner, 'es');
    await es.goto(`${app.url}/messages`);
    await es.getByTestId('conversation').first().click();
    await es.getByTestId('message').filter({ hasText: 'Starting Monday?' }).waitFor();
    // Neither the event stream nor its polling fallback runs without scripts: the page claims neither.
    expect(await es.getByTestId('connection-state').count()).toBe(0);
    await es.getByRole('button', { name: catalogText('es', 'messages:send'), exact: true }).click();
    await es.getByText(catalogText('es', 'messages:validation_content_required')).waitFor();

    const page = await pageAs(owner);
    await page.goto(`${app.url}/messages`);
    await page.getByTestId('conversation').first().click();
    // A conversation that is not among those listed (here: the page after it, which is empty) opens all the same.
    await page.waitForURL(/\/messages\?c=/);
    const conversationId = new URL(page.url()).searchParams.get('c')!;
    const deep = await pageAs(owner);
    await deep.goto(`${app.url}/messages?before=${conversationId}&c=${conversationId}`);
    await deep.getByTestId('message').filter({ hasText: 'Starting Monday?' }).waitFor();
    expect(await deep.getByTestId('conversation').count()).toBe(0);
    await deep.getByText(catalogText('en', 'messages:no_more_conversations')).waitFor();
    await deep.getByRole('link', { name: catalogText('en', 'messages:newest_conversations') }).click();
    await deep.getByTestId('conversation').first().waitFor();

    // The search box is a GET form: Enter asks the server for the matches (decision 048), the open conversation kept.
    const box = page.getByRole('searchbox', { name: catalogText('en', 'messages:search_label') });
    await box.fill('zzz');
    await box.press('Enter');
    await page.getByText(catalogText('en', 'messages:no_matches', { search: 'zzz' })).waitFor();
    expect(new URL(page.url()).searchParams.get('c')).toBe(conversationId);
    // Named by the other party's first and last name, in another case.
    await box.fill('NICO TEST');
    await box.press('Enter');
    await page.waitForURL(/q=NICO\+TEST/);
    expect(await page.getByTestId('conversation').count()).toBe(1);

    await page.getByRole('textbox', { name: catalogText('en', 'messages:input_label') }).fill('Yes, Monday works.');
    await page.getByRole('button', { name: catalogText('en', 'messages:send'), exact: true }).click();
    await page.waitForURL(/\/messages\?c=/);
    await page.getByTestId('message').filter({ hasText: 'Yes, Monday works.' }).waitFor();

    // Log out is a link the server answers (GET /api/logout): the session ends without scripts too.
    await page
      .getByRole('link', { name: catalogText('en', 'common:log_out') })
      .first()
      .click();
    await page.waitForURL(`${app.url}/`);
    expect((await page.request.get(`${app.url}/api/auth/user`)).status()).toBe(401);
  });

  it('the provider redeems a promo code, refused in Spanish the second time', async () => {
    const before = (await call<{ credits: number }>(provider, 'GET', '/api/auth/user')).credits;
    const page = await pageAs(provider);
    await page.goto(`${app.url}/buy-credits`);
    const box = page.getByTestId('promo-code-box');
    await box.getByLabel(catalogText('en', 'promo:box_label')).fill('welcome10');
    await box.getByRole('button', { name: catalogText('en', 'promo:box_submit') }).click();
    await page.waitForURL(`${app.url}/buy-credits`);
    expect((await call<{ credits: number }>(provider, 'GET', '/api/auth/user')).credits).toBe(before + 10);
    await page
      .getByTestId('balance-card')
      .getByText(String(before + 10))
      .first()
      .waitFor();

    const es = await pageAs(provider, 'es');
    await es.goto(`${app.url}/buy-credits`);
    const cajita = es.getByTestId('promo-code-box');
    await cajita.getByLabel(catalogText('es', 'promo:box_label')).fill('WELCOME10');
    await cajita.getByRole('button', { name: catalogText('es', 'promo:box_submit') }).click();
    await cajita.getByText(catalogText('es', 'promo:invalid_title')).waitFor();
    expect((await call<{ credits: number }>(provider, 'GET', '/api/auth/user')).credits).toBe(before + 10);
  });
});

describeJourney('with scripts: a form sent after the session ended', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows Unauthorized, then the login page with the way back (spec §8)', async () => {
    const who = await account('Ulla', true);
    const context = await newContext(browser);
    const [name, ...value] = who.cookie.split('=');
    await context.addCookies([{ name: name!, value: value.join('='), url: app.url }]);
    const page = await context.newPage();
    await page.goto(`${app.url}/buy-credits`);
    // This journey is about the scripted path (the API's 401 read by the page); a form sent before hydration is
    // a native post, whose ended session the journeys without scripts above cover (303 to login).
    await untilHydrated(page);
    // The session ends on the server (signed out elsewhere) while the page stays open.
    await fetch(`${app.url}/api/logout`, { headers: { cookie: who.cookie }, redirect: 'manual' });
    const box = page.getByTestId('promo-code-box');
    await box.getByLabel(catalogText('en', 'promo:box_label')).fill('WELCOME10');
    const refused = page.waitForResponse((answer) => answer.url().endsWith('/api/promo-codes/redeem'));
    // The toast of spec §8, in the toasts' region (the promo box shows the same word in its own refusal): it shows
    // for half a second before the page leaves for login, less than a locator's polling step once it has waited a
    // while, so the page itself watches for it on every frame from before the click.
    const region = catalogText('en', 'common:notifications_region').replace('{hotkey}', 'F8');
    const toasted = page.waitForFunction(
      ({ region, title }) =>
        [...document.querySelectorAll(`[role="region"][aria-label="${region}"] li`)].some((toast) =>
          toast.textContent?.includes(title),
        ),
      { region, title: catalogText('en', 'common:unauthorized_title') },
      { polling: 'raf' },
    );
    await box.getByRole('button', { name: catalogText('en', 'promo:box_submit') }).click();
    expect((await refused).status()).toBe(401);
    await toasted;
    await page.waitForURL(`${app.url}/login?returnTo=${encodeURIComponent('/buy-credits')}`);
    await context.close();
  });
});
