import { expect, it } from 'vitest';
import { journeyFixture } from './support/journey.js';
import { describeJourney, newContext, registerViaApi } from './support/browser.js';

describeJourney('the production server', () => {
  const { app, browser } = journeyFixture();

  it('serves the app shell for client routes, the 404 page for other paths and JSON for unknown API paths', async () => {
    const page = await (await newContext(browser)).newPage();
    const response = await page.goto(`${app.url}/jobs/some-job`);
    expect(response?.status()).toBe(200);
    // The shell as it arrived: a logged-out visitor is sent on to login half a second after it hydrates.
    expect(await response?.text()).toContain('<div id="root"');
    expect((await page.request.get(`${app.url}/some/unknown/route`)).status()).toBe(404);
    const api = await page.request.get(`${app.url}/api/nope`);
    expect(api.status()).toBe(404);
    expect(await api.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });

  it('runs every screen under the Content-Security-Policy with no violation, and no other site can frame it', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    const landing = await page.goto(`${app.url}/`);
    expect(landing?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.goto(`${app.url}/login`);
    await registerViaApi(page, app.url, {
      email: `csp-${Date.now()}@example.com`,
      password: 'csp journey password',
      firstName: 'Cora',
      lastName: 'Policy',
    });
    for (const path of [
      '/dashboard',
      '/post-job',
      '/find-providers',
      '/messages',
      '/projects',
      '/buy-credits',
      '/checkout',
    ]) {
      await page.goto(`${app.url}${path}`);
      await page.locator('main').first().waitFor();
      await page.waitForLoadState('networkidle');
    }
    expect(violations).toEqual([]);

    // Another page tries to put the checkout in a frame: the browser refuses.
    const framer = await context.newPage();
    await framer.goto('about:blank');
    await framer.setContent(`<iframe src="${app.url}/checkout" width="400" height="300"></iframe>`);
    await framer.waitForTimeout(1000);
    // Refused by frame-ancestors 'none': the frame holds Chromium's error page, not the checkout.
    const frames = framer.frames().map((frame) => frame.url());
    expect(frames).toHaveLength(2);
    expect(frames[1]).toMatch(/^chrome-error:/);
    await context.close();
  });
});
