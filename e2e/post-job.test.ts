import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { journeyFixture } from './support/journey.js';
import {
  MOBILE,
  describeJourney,
  newContext,
  registerViaApi,
  screenshot as fullPageScreenshot,
} from './support/browser.js';
import { testTempDir } from '#server/test/temp-dir.js';

const PASSWORD = 'correct horse battery';

/** From the top, so the sticky top bar sits at the top of the full-page picture. */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  return fullPageScreenshot(page, name);
}

/** Two real PNG photos on disk, as a phone would hand them to the file chooser. */
async function photoFiles(): Promise<string[]> {
  const dir = testTempDir('tradesbid-photos-');
  const colours = [
    ['#1f4fd1', '#9cc9f0'],
    ['#d97706', '#fde68a'],
  ];
  return Promise.all(
    colours.map(async ([from, to], i) => {
      const path = join(dir, `leak-${i + 1}.png`);
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="1200" height="900" fill="url(#g)"/><circle cx="${400 + i * 400}" cy="450" r="180" fill="#ffffff" opacity="0.5"/></svg>`;
      await sharp(Buffer.from(svg)).png().toFile(path);
      return path;
    }),
  );
}

describeJourney('a customer posts a job with photos and finds it again', () => {
  const { app, browser } = journeyFixture();
  let photos: string[];

  beforeAll(async () => {
    photos = await photoFiles();
  });

  async function customerPage(name: string, options: Parameters<typeof newContext>[1] = {}): Promise<Page> {
    const context = await newContext(browser, options);
    const page = await context.newPage();
    await registerViaApi(page, app.url, {
      email: `${name.toLowerCase()}-${Date.now()}@example.com`,
      password: PASSWORD,
      firstName: name,
      lastName: 'Tester',
    });
    return page;
  }

  /** The same session in another viewport, for the phone screenshots. */
  async function phoneCopy(page: Page): Promise<Page> {
    const context = await newContext(browser, { viewport: MOBILE });
    await context.addCookies(await page.context().cookies());
    await context.addInitScript(
      (lang) => window.localStorage.setItem('language', lang),
      await page.evaluate(() => localStorage.getItem('language') ?? 'en'),
    );
    return context.newPage();
  }

  async function expectPhotosLoaded(page: Page, count: number) {
    const thumbnails = page.locator('main button[aria-label] img');
    await expect.poll(() => thumbnails.count()).toBe(count);
    for (let i = 0; i < count; i += 1) {
      await expect
        .poll(() => thumbnails.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
    }
  }

  async function fillJob(page: Page, labels: Labels, title: string) {
    await page.getByLabel(labels.category).selectOption({ label: labels.categoryName });
    await page.getByLabel(labels.title).fill(title);
    await page.getByLabel(labels.description).fill('Water drips from the pipe under the kitchen sink day and night.');
    await page.getByLabel(labels.zip).fill('78701');
    // Five digits fill city, state and county from the ZIP dataset.
    await expect.poll(() => page.getByLabel(labels.city).inputValue()).toBe('Austin');
    expect(await page.getByLabel(labels.state).inputValue()).toBe('TX');
    await page.getByLabel(labels.budgetMin).fill('150');
    await page.getByLabel(labels.budgetMax).fill('300.5');
    await page.getByLabel(labels.timeline).selectOption({ label: labels.timelineOption });
    await page.getByText(labels.license, { exact: true }).click();
    await page.locator('input[type=file]').setInputFiles(photos);
    await page.getByText(labels.selectedFiles).waitFor();
    await page.getByText('leak-2.png').waitFor();
  }

  type Labels = typeof ENGLISH;
  const ENGLISH = {
    category: 'Category',
    categoryName: 'Plumbing',
    title: 'Job title',
    description: 'Description',
    zip: 'ZIP code',
    city: 'City',
    state: 'State',
    budgetMin: 'Minimum budget',
    budgetMax: 'Maximum budget',
    timeline: 'Timeline',
    timelineOption: 'Within 1 week',
    license: 'License required',
    selectedFiles: 'Selected Files:',
    submit: 'Post Job & Start Receiving Bids',
    success: 'Your job has been posted successfully!',
    myJobs: 'My Posted Jobs',
  };
  const SPANISH: Labels = {
    category: 'Categoría',
    categoryName: 'Plomería',
    title: 'Título del trabajo',
    description: 'Descripción',
    zip: 'Código postal',
    city: 'Ciudad',
    state: 'Estado',
    budgetMin: 'Presupuesto mínimo',
    budgetMax: 'Presupuesto máximo',
    timeline: 'Plazo',
    timelineOption: 'En 1 semana',
    license: 'Licencia obligatoria',
    selectedFiles: 'Archivos seleccionados:',
    submit: 'Publicar trabajo y empezar a recibir ofertas',
    success: '¡Tu trabajo se publicó correctamente!',
    myJobs: 'Mis trabajos publicados',
  };

  it('posts a job with two photos, finds it on the dashboard and sees both photos on its page', async () => {
    const page = await customerPage('Maria');
    await page.goto(`${app.url}/post-job`);
    await page.getByRole('heading', { level: 1, name: 'Post a Job' }).waitFor();
    await page.getByText('Upload Photos').waitFor();
    expect(await page.getByText('Max 10 files, images only').count()).toBe(1);

    const title = 'Fix the dripping kitchen sink';
    await fillJob(page, ENGLISH, title);
    await screenshot(page, 'post-job-en-1280');
    await page.getByRole('button', { name: ENGLISH.submit }).click();
    await page.getByText(ENGLISH.success, { exact: true }).waitFor();
    await page.waitForURL(`${app.url}/`);
    await page.getByRole('link', { name: title }).waitFor();
    await screenshot(page, 'home-en-1280');

    await page.goto(`${app.url}/dashboard`);
    await page.getByRole('heading', { name: ENGLISH.myJobs }).waitFor();
    const card = page.getByTestId('my-jobs').getByRole('listitem').filter({ hasText: title });
    await card.waitFor();
    expect(await card.innerText()).toContain('$150 – $300.50');
    await expect
      .poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await screenshot(page, 'dashboard-en-1280');

    await card.getByRole('link', { name: title }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(page.url()).toMatch(/\/jobs\/[0-9a-f-]{36}$/);
    await page.getByText('Within 1 week').waitFor();
    await page.getByText('License required').waitFor();
    await expectPhotosLoaded(page, 2);
    await screenshot(page, 'job-detail-en-1280');

    await page.getByRole('button', { name: 'Open photo 2 of 2' }).click();
    const large = page.getByRole('dialog').locator('img');
    await expect
      .poll(() => large.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(1000);
    await page.getByRole('dialog').getByText('Photo 2 of 2').waitFor();
    await screenshot(page, 'job-detail-photo-en-1280');
    await page.keyboard.press('Escape');

    const phone = await phoneCopy(page);
    await phone.goto(page.url());
    await expectPhotosLoaded(phone, 2);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(phone, 'job-detail-en-375');
    await phone.goto(`${app.url}/dashboard`);
    await phone.getByTestId('my-jobs').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(phone, 'dashboard-en-375');
    await phone.goto(app.url);
    await phone.getByRole('link', { name: title }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(phone, 'home-en-375');
    await phone.goto(`${app.url}/post-job`);
    await phone.getByText('Upload Photos').waitFor();
    await phone.locator('input[type=file]').setInputFiles(photos);
    await phone.getByText('leak-2.png').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(phone, 'post-job-en-375');
  });

  it('shows an unknown job as Job Not Found', async () => {
    const page = await customerPage('Nadia');
    await page.goto(`${app.url}/jobs/not-a-job`);
    await page.getByText('Job Not Found').waitFor();
    await page.getByText("The job you're looking for doesn't exist.").waitFor();
  });

  it('does the same in Spanish, with validation messages in Spanish', async () => {
    const page = await customerPage('Lucia', { language: 'es' });
    await page.goto(`${app.url}/post-job`);
    await page.getByRole('heading', { level: 1, name: 'Publica un trabajo' }).waitFor();

    await page.getByLabel(SPANISH.title).fill('ab');
    await page.getByRole('button', { name: SPANISH.submit }).click();
    await page.getByText('El título debe tener al menos 3 caracteres').waitFor();
    await page.getByText('La categoría es obligatoria').waitFor();
    await page.getByText('La descripción debe tener al menos 10 caracteres').waitFor();
    await page.getByText('El código postal es obligatorio').waitFor();
    await screenshot(page, 'post-job-errors-es-1280');

    const title = 'Arreglar la fuga del fregadero';
    await fillJob(page, SPANISH, title);
    await page.getByLabel(SPANISH.budgetMin).fill('500');
    await page.getByLabel(SPANISH.budgetMax).fill('400');
    await page.getByRole('button', { name: SPANISH.submit }).click();
    await page.getByText('El presupuesto máximo debe ser mayor o igual que el mínimo').waitFor();
    await page.getByLabel(SPANISH.budgetMax).fill('900');
    await page.getByRole('button', { name: SPANISH.submit }).click();
    await page.getByText(SPANISH.success, { exact: true }).waitFor();
    await page.waitForURL(`${app.url}/`);

    await page.goto(`${app.url}/dashboard`);
    await page.getByRole('heading', { name: SPANISH.myJobs }).waitFor();
    const card = page.getByTestId('my-jobs').getByRole('listitem').filter({ hasText: title });
    await card.getByText('Plomería').waitFor();
    await card.getByText('Abierto').waitFor();
    await screenshot(page, 'dashboard-es-1280');

    await card.getByRole('link', { name: 'Ver detalles' }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByText('En 1 semana').waitFor();
    await expectPhotosLoaded(page, 2);
    await screenshot(page, 'job-detail-es-1280');

    const phone = await phoneCopy(page);
    await phone.goto(page.url());
    await expectPhotosLoaded(phone, 2);
    await screenshot(phone, 'job-detail-es-375');
    await phone.goto(`${app.url}/post-job`);
    await phone.getByRole('button', { name: SPANISH.submit }).click();
    await phone.getByText('La categoría es obligatoria').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(phone, 'post-job-errors-es-375');
  });
});
