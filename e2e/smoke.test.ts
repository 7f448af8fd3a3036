import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startApp, type RunningApp } from './support/app.js';
import { describeJourney, launchBrowser, newContext } from './support/browser.js';

describeJourney('the production server', () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('serves the app shell for client routes and JSON for unknown API paths', async () => {
    const page = await (await newContext(browser)).newPage();
    const response = await page.goto(`${app.url}/some/client/route`);
    expect(response?.status()).toBe(200);
    expect(await page.locator('#root').count()).toBe(1);
    const api = await page.request.get(`${app.url}/api/nope`);
    expect(api.status()).toBe(404);
    expect(await api.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });
});
