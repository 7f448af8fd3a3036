import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPushService, type TestPushService } from '#server/test/push-service.js';
import { testTempDir } from '#server/test/temp-dir.js';
import { CHROMIUM, CHROMIUM_ARGS } from './support/chromium.js';
import { journeyFixture } from './support/journey.js';
import { catalogText, describeJourney, MOBILE, registeredPage, screenshot } from './support/browser.js';

// The installable app with Web Push (docs/contract.md §3.10) in Chromium: 'Turn on notifications' after a tap,
// a push delivered to the service worker through the DevTools protocol shown as a notification whose click opens
// the job, the offline page in Spanish with the network cut, and no installability error.

const PASSWORD = 'correct horse battery';

/** What the journey reads of the worker's global scope (the DOM library has no worker types here). */
type WorkerScope = {
  registration: ServiceWorkerRegistration;
  dispatchEvent: (event: Event) => boolean;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
};

describeJourney('installable app and push notifications', () => {
  let service: TestPushService;
  beforeAll(async () => {
    service = await startPushService();
  });
  const { app, browser } = journeyFixture(() => ({ PUSH_SERVICE_ORIGINS: service.origin }));
  afterAll(() => service?.close());

  async function call<T>(page: Page, method: 'GET' | 'POST', path: string, data?: object): Promise<T> {
    const response = await page.request.fetch(`${app.url}${path}`, { method, data, headers: { origin: app.url } });
    if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  }

  /** The page's service worker once it controls the page (it claims open tabs when it activates). */
  async function controlled(page: Page) {
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 20_000 });
  }

  async function workerOf(context: BrowserContext) {
    await expect.poll(() => context.serviceWorkers().length, { timeout: 20_000 }).toBeGreaterThan(0);
    return context.serviceWorkers()[0]!;
  }

  it('subscribes after a tap, shows a pushed lead and opens the job on its click', async () => {
    const provider = await registeredPage(browser, app.url, { name: 'Paula', lang: 'en', password: PASSWORD });
    const context = provider.context();
    await context.grantPermissions(['notifications'], { origin: app.url });
    await call(provider, 'POST', '/api/auth/upgrade-to-provider');
    await call(provider, 'POST', '/api/business-profile', {
      businessName: 'Paula Plumbing',
      businessType: 'llc',
      description: 'Leaks, pipes and water heaters.',
      phone: '5125550177',
    });
    const categories = await call<{ id: number; slug: string }[]>(provider, 'GET', '/api/categories');
    const plumbing = categories.find((c) => c.slug === 'plumbing')!;
    await call(provider, 'POST', '/api/business-profile/capabilities', { categoryId: plumbing.id });
    await call(provider, 'POST', '/api/business-profile/areas', { zipCode: '78701', radiusMiles: 10 });

    // Nothing is asked on page load: the device says 'off' and offers the button.
    await provider.goto(`${app.url}/dashboard`);
    const device = provider.getByTestId('push-device');
    await expect.poll(() => device.getAttribute('data-state')).toBe('off');
    expect(await provider.evaluate(() => Notification.permission)).toBe('granted'); // granted by the context, unused
    await controlled(provider);

    // The browser's own push service (FCM) is out of reach of a test machine: this Chromium subscribes with the
    // tests' local push service instead, the one thing it is given. Everything else is the app's own.
    const subscription = service.device().subscription;
    await provider.evaluate((fake) => {
      PushManager.prototype.subscribe = async function () {
        return {
          endpoint: fake.endpoint,
          options: { applicationServerKey: null },
          toJSON: () => fake,
          unsubscribe: async () => true,
        } as unknown as PushSubscription;
      };
    }, subscription);
    await provider.getByRole('button', { name: catalogText('en', 'common:push_turn_on') }).click();
    await expect.poll(() => device.getAttribute('data-state')).toBe('on');
    await screenshot(provider, 'push-dashboard-on-en-1280');

    // A customer posts a job in the provider's area: the app pushes the lead through the push service.
    const customer = await registeredPage(browser, app.url, { name: 'Carlos', lang: 'en', password: PASSWORD });
    const job = await call<{ id: string }>(customer, 'POST', '/api/jobs', {
      categoryId: plumbing.id,
      title: 'Water heater leaks',
      description: 'The water heater in the garage leaks from the bottom.',
      zipCode: '78701',
      city: 'Austin',
      state: 'TX',
    });
    const [received] = await service.waitFor(1);
    expect(received!.payload).toMatchObject({ type: 'lead', url: `${app.url}/jobs/${job.id}` });

    // The push reaches the worker as the browser's push channel would hand it over (DevTools protocol).
    const cdp = await context.newCDPSession(provider);
    const registrations = new Map<string, { registrationId: string; scopeURL: string; isDeleted: boolean }>();
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
      for (const registration of event.registrations) registrations.set(registration.registrationId, registration);
    });
    await cdp.send('ServiceWorker.enable');
    const ours = () =>
      [...registrations.values()].find((r) => r.scopeURL === `${app.url}/` && !r.isDeleted)?.registrationId;
    await expect.poll(ours).toBeDefined();
    const worker = await workerOf(context);
    const shown = () =>
      worker.evaluate(async () =>
        (await (self as unknown as WorkerScope).registration.getNotifications()).map((n: Notification) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
        })),
      );
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: app.url,
      registrationId: ours()!,
      data: JSON.stringify(received!.payload),
    });
    await expect.poll(shown).toEqual([
      {
        title: 'New job near you: Water heater leaks',
        body: expect.stringContaining('Plumbing'),
        tag: `job:${job.id}`,
      },
    ]);

    // Its click (the event the browser fires) takes the open tab to the job.
    await worker.evaluate(async () => {
      const scope = self as unknown as WorkerScope;
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
    });
    await provider.waitForURL(`${app.url}/jobs/${job.id}`);
    await provider.getByRole('heading', { name: 'Water heater leaks' }).waitFor();
  });

  it('answers a page with the offline page in Spanish when the network is gone', async () => {
    const page = await registeredPage(browser, app.url, {
      name: 'Sofia',
      lang: 'es',
      password: PASSWORD,
      viewport: MOBILE,
    });
    await page.goto(`${app.url}/dashboard`);
    await controlled(page);
    await page.context().setOffline(true);
    await page.goto(`${app.url}/projects`).catch(() => {});
    await page.getByRole('heading', { name: catalogText('es', 'common:offline_title') }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    await screenshot(page, 'push-offline-es-375');
    await page.context().setOffline(false);
  });

  it('is installable: Chromium reports no installability error', async () => {
    // Not in the journey's browser: its contexts are incognito ones, where no app installs ('in-incognito').
    const context = await chromium.launchPersistentContext(testTempDir('tradesbid-install-'), {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${app.url}/`);
      await controlled(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.url).toBe(`${app.url}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
