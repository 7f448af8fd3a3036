import { eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, pushOutbox, pushSubscriptions } from '#server/db/schema/index.js';
import {
  as,
  createTestApp,
  createTwoInstances,
  type Session,
  type TestApp,
  type TwoInstances,
} from '#server/test/app.js';
import { makeProvider } from '#server/test/factories.js';
import { startPushService, type TestDevice, type TestPushService } from '#server/test/push-service.js';
import { SUBSCRIPTIONS_PER_USER } from './queries.js';
import { enqueuePush, vapidKeysFor } from './service.js';

// Web Push (docs/contract.md §3.10) against a real push service on 127.0.0.1 over TLS: every push is decrypted
// with the device's own key and its VAPID signature checked (src/server/test/push-service.ts).

let t: TestApp;
let service: TestPushService;
const ids: Record<string, number> = {};
// Cities far apart: a provider of one test never covers another test's job.
const AREAS = ['78701', '10001', '60601', '94103', '98101', '33130', '80202', '02108', '30303', '85004'];
let areas = 0;

beforeAll(async () => {
  service = await startPushService();
  t = await createTestApp(
    { PUSH_SERVICE_ORIGINS: service.origin, FREE_CREDITS_ON_UPGRADE: '0' },
    { push: { pollMs: 50, retryBaseMs: 100, retryMaxMs: 400 } },
  );
  for (const row of await t.app.db.select().from(categories)) ids[row.slug] = row.id;
});
afterAll(async () => {
  await t?.close();
  await service?.close();
});

const call = (session: Session | null, method: string, url: string, payload?: object) =>
  as(
    t.app,
    session,
  )({ method: method as 'POST', url, ...(payload ? { payload } : {}), headers: { host: 'localhost:8081' } });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function subscribed(session: Session): Promise<TestDevice> {
  const device = service.device();
  expect((await call(session, 'POST', '/api/push/subscriptions', device.subscription)).statusCode).toBe(201);
  return device;
}

/** A provider offering plumbing around `zipCode`, with one subscribed device. */
async function plumber(zipCode: string, language: 'en' | 'es' = 'en') {
  const session = await makeProvider(t.app, 100);
  await call(session, 'PATCH', '/api/auth/user', { language });
  await call(session, 'POST', '/api/business-profile', {
    businessName: 'Pipes Co',
    businessType: 'llc',
    description: 'Licensed crews for repairs and remodels.',
    phone: '(512) 555-0101',
  });
  expect(
    (await call(session, 'POST', '/api/business-profile/capabilities', { categoryId: ids.plumbing })).statusCode,
  ).toBe(201);
  expect((await call(session, 'POST', '/api/business-profile/areas', { zipCode, radiusMiles: 5 })).statusCode).toBe(
    201,
  );
  return { session, device: await subscribed(session) };
}

/** A fresh area, so that no earlier test's providers match. */
const nextZip = () => AREAS[areas++]!;

async function postJob(owner: Session, zipCode: string, title = 'Fix the leaking sink') {
  const posted = await call(owner, 'POST', '/api/jobs', {
    categoryId: ids.plumbing,
    title,
    description: 'The pipe under the kitchen sink drips all day long.',
    zipCode,
    city: 'Austin',
    state: 'TX',
  });
  expect(posted.statusCode).toBe(201);
  return posted.json() as { id: string };
}

const pushesTo = (device: TestDevice) => service.received.filter((push) => push.device === device.id);

async function nextPushTo(device: TestDevice, before = pushesTo(device).length) {
  await expect.poll(() => pushesTo(device).length, { timeout: 10_000 }).toBeGreaterThan(before);
  return pushesTo(device)[before]!;
}

describe('the VAPID key', () => {
  // Apps are built in hooks (a minute each at most), not in the tests (30 s): on a loaded machine two take long.
  let two: TwoInstances;
  let fromEnv: TestApp;
  const keys = webpush.generateVAPIDKeys();
  beforeAll(async () => {
    two = await createTwoInstances();
  });
  beforeAll(async () => {
    fromEnv = await createTestApp({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      MAIL_FROM: 'Jobs <jobs@example.org>',
    });
  });
  afterAll(async () => {
    await two?.close();
    await fromEnv?.close();
  });

  it('is one for every instance on one database, generated once, and needs no session', async () => {
    const [a, b] = await Promise.all(
      [two.a, two.b].map((app) => app.inject({ method: 'GET', url: '/api/push/public-key' })),
    );
    expect(a!.statusCode).toBe(200);
    expect(a!.json()).toEqual(b!.json());
    expect(Buffer.from(a!.json().publicKey, 'base64url')).toHaveLength(65);

    // Two instances starting at once on a database with no key: both end with the one that was written.
    await two.a.db.execute(sql`delete from vapid_keys`);
    const [first, second] = await Promise.all([vapidKeysFor(two.a.db, two.config), vapidKeysFor(two.b.db, two.config)]);
    expect(first).toEqual(second);
    expect(first!.publicKey).not.toBe(a!.json().publicKey);
  });

  it('comes from VAPID_* when they are set, with the subject of MAIL_FROM', async () => {
    expect((await fromEnv.app.inject({ method: 'GET', url: '/api/push/public-key' })).json()).toEqual({
      publicKey: keys.publicKey,
    });
    expect(fromEnv.config.push.subject).toBe('mailto:jobs@example.org');
  });
});

describe('subscriptions', () => {
  it('are refused unless signed in', async () => {
    const device = service.device();
    expect((await call(null, 'POST', '/api/push/subscriptions', device.subscription)).statusCode).toBe(401);
  });

  it.each([
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://evil.example/push/abc',
    'https://169.254.169.254/latest/meta-data',
    'https://localhost/push/abc',
    'https://fcm.googleapis.com.evil.example/fcm/send/abc',
    'https://evilpush.apple.com.example/abc',
    'https://user:pass@fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com:8443/fcm/send/abc',
    'https://127.0.0.1:1/push/abc',
    'ftp://updates.push.services.mozilla.com/wpush/v2/abc',
    'not a url',
  ])(
    'refuses %s: 400 invalid_push_endpoint, nothing stored (the server never sends to a made-up URL)',
    async (endpoint) => {
      const user = await makeProvider(t.app);
      const { keys } = service.device().subscription;
      const response = await call(user, 'POST', '/api/push/subscriptions', { endpoint, keys });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_push_endpoint' });
      expect(await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toEqual(
        [],
      );
    },
  );

  it('takes the browsers own push services and the configured origins', async () => {
    const user = await makeProvider(t.app);
    const { keys } = service.device().subscription;
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/d1:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://wns2-by3p.notify.windows.com/w/?token=BQYAAA',
    ]) {
      expect((await call(user, 'POST', '/api/push/subscriptions', { endpoint, keys })).statusCode).toBe(201);
      expect((await call(user, 'DELETE', '/api/push/subscriptions', { endpoint })).statusCode).toBe(204);
    }
  });

  it('refuses malformed keys with a validation error', async () => {
    const user = await makeProvider(t.app);
    const { endpoint } = service.device().subscription;
    const response = await call(user, 'POST', '/api/push/subscriptions', { endpoint, keys: { p256dh: 'not base64!' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_error' });
  });

  it('answer 201, then 200 for the same user; a device moves to the latest user; only its owner deletes it', async () => {
    const first = await makeProvider(t.app);
    const second = await makeProvider(t.app);
    const device = service.device();
    expect((await call(first, 'POST', '/api/push/subscriptions', device.subscription)).statusCode).toBe(201);
    expect((await call(first, 'POST', '/api/push/subscriptions', device.subscription)).statusCode).toBe(200);
    expect((await call(second, 'POST', '/api/push/subscriptions', device.subscription)).statusCode).toBe(201);
    const owners = () =>
      t.app.db
        .select({ userId: pushSubscriptions.userId })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, device.subscription.endpoint));
    expect(await owners()).toEqual([{ userId: second.user.id }]);

    const endpoint = { endpoint: device.subscription.endpoint };
    const notYours = await call(first, 'DELETE', '/api/push/subscriptions', endpoint);
    expect(notYours.statusCode).toBe(404);
    expect(await owners()).toHaveLength(1);
    expect((await call(second, 'DELETE', '/api/push/subscriptions', endpoint)).statusCode).toBe(204);
    expect(await owners()).toEqual([]);
  });

  it(`keeps ${SUBSCRIPTIONS_PER_USER} devices per user: a new one replaces the one posted least recently`, async () => {
    const user = await makeProvider(t.app);
    const devices: TestDevice[] = [];
    for (let i = 0; i < SUBSCRIPTIONS_PER_USER; i += 1) devices.push(await subscribed(user));
    // The first device is seen again (each device posts its subscription on every visit): the second is now the
    // one longest unused.
    expect((await call(user, 'POST', '/api/push/subscriptions', devices[0]!.subscription)).statusCode).toBe(200);
    const newest = await subscribed(user);
    const kept = await t.app.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.user.id));
    expect(kept.map((row) => row.endpoint).sort()).toEqual(
      [devices[0]!, ...devices.slice(2), newest].map((device) => device.subscription.endpoint).sort(),
    );
  });
});

describe('what is pushed', () => {
  it('delivers every kind, decrypted, in the recipient language, with TTL a day and the urgency of its kind', async () => {
    const area = nextZip();
    const provider = await plumber(area, 'es');
    const customer = await makeProvider(t.app);
    const customerDevice = await subscribed(customer);
    const { publicKey } = (await call(null, 'GET', '/api/push/public-key')).json() as { publicKey: string };

    // lead: at once, the same matching as the lead email; the click opens the job.
    const job = await postJob(customer, area, 'Arreglar el fregadero');
    const lead = await nextPushTo(provider.device, 0);
    expect(lead.payload).toEqual({
      type: 'lead',
      title: 'Trabajo nuevo cerca de ti: Arreglar el fregadero',
      body: `Un cliente acaba de publicar un trabajo de Plomería en Austin, TX (${area}), dentro de tu zona de servicio.`,
      url: `http://localhost:8081/jobs/${job.id}`,
      tag: `job:${job.id}`,
    });
    expect(lead.ttl).toBe('86400');
    expect(lead.urgency).toBe('high');
    expect(lead.vapidKey).toBe(publicKey);
    expect(lead.claims.aud).toBe(service.origin);
    expect(lead.claims.sub).toBe('mailto:no-reply@localhost');

    // bid: to the job's owner, in English.
    const bid = await call(provider.session, 'POST', `/api/jobs/${job.id}/bids`, { amount: '180' });
    expect(bid.statusCode).toBe(201);
    const bidPush = await nextPushTo(customerDevice, 0);
    expect(bidPush.payload).toMatchObject({
      type: 'bid',
      title: 'New bid on Arreglar el fregadero',
      url: `http://localhost:8081/jobs/${job.id}`,
      tag: `job:${job.id}`,
    });
    expect(bidPush.urgency).toBe('normal');
    expect(bidPush.ttl).toBe('86400');

    // message: at once, tagged by conversation, urgent.
    const sent = await call(customer, 'POST', '/api/messages', {
      jobId: job.id,
      receiverId: provider.session.user.id,
      content: '¿Puede venir el lunes?',
    });
    expect(sent.statusCode).toBe(201);
    const { conversationId } = sent.json() as { conversationId: string };
    const message = await nextPushTo(provider.device, 1);
    expect(message.payload).toEqual({
      type: 'message',
      title: `Nuevo mensaje de ${customer.user.firstName} ${customer.user.lastName}`,
      body: '¿Puede venir el lunes?',
      url: `http://localhost:8081/messages?conversation=${conversationId}`,
      tag: `conversation:${conversationId}`,
    });
    expect(message.urgency).toBe('high');

    // hired.
    const accepted = await call(customer, 'POST', `/api/jobs/${job.id}/bids/${bid.json().id}/accept`);
    expect(accepted.statusCode).toBe(200);
    const hired = await nextPushTo(provider.device, 2);
    expect(hired.payload).toMatchObject({
      type: 'hired',
      title: 'Te han contratado: Arreglar el fregadero',
      tag: `job:${job.id}`,
      url: 'http://localhost:8081/projects',
    });
    expect(hired.urgency).toBe('normal');

    // request: a service request to the provider.
    const request = await call(customer, 'POST', '/api/service-requests', {
      providerId: provider.session.user.id,
      title: 'Cambiar el grifo',
      description: 'The kitchen faucet drips all night long.',
      serviceType: 'plumbing',
      urgency: 'urgent',
      budget: '250',
      location: 'Austin, TX 78704',
    });
    expect(request.statusCode).toBe(201);
    const requestPush = await nextPushTo(provider.device, 3);
    expect(requestPush.payload).toMatchObject({
      type: 'request',
      tag: `request:${request.json().id}`,
      url: 'http://localhost:8081/provider-dashboard',
    });
    expect(requestPush.payload.title).toContain('Cambiar el grifo');
    expect(requestPush.urgency).toBe('normal');
  });

  it('follows each user switch, merged with the kinds not named; the email switches are apart', async () => {
    const area = nextZip();
    const quiet = await plumber(area);
    const loud = await plumber(area);
    const patched = await call(quiet.session, 'PATCH', '/api/auth/user', { pushNotifications: { leads: false } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      pushNotifications: { leads: false, bids: true, messages: true, hires: true, requests: true },
      emailNotifications: { leads: true, bids: true, messages: true, hires: true, requests: true },
    });
    const again = await call(quiet.session, 'PATCH', '/api/auth/user', { pushNotifications: { messages: false } });
    expect(again.json().pushNotifications).toEqual({
      leads: false,
      bids: true,
      messages: false,
      hires: true,
      requests: true,
    });
    // The email switches are another matter: a provider with lead emails off still gets lead pushes.
    await call(loud.session, 'PATCH', '/api/auth/user', { emailNotifications: { leads: false } });

    const owner = await makeProvider(t.app);
    const job = await postJob(owner, area);
    const lead = await nextPushTo(loud.device, 0);
    expect(lead.payload.url).toBe(`http://localhost:8081/jobs/${job.id}`);
    await call(owner, 'POST', '/api/messages', { jobId: job.id, receiverId: quiet.session.user.id, content: 'hello' });
    await sleep(600);
    expect(pushesTo(quiet.device)).toEqual([]);
    // Nothing was written for them, rather than written and skipped.
    const written = await t.app.db
      .select()
      .from(pushOutbox)
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
      .where(eq(pushSubscriptions.userId, quiet.session.user.id));
    expect(written).toEqual([]);
  });

  it('never sends a lead twice for one job, and not to its owner', async () => {
    const area = nextZip();
    const provider = await plumber(area);
    const owner = await plumber(area);
    const job = await postJob(owner.session, area);
    await nextPushTo(provider.device, 0);
    await sleep(400);
    expect(pushesTo(provider.device)).toHaveLength(1);
    expect(pushesTo(owner.device).filter((p) => p.payload.url?.endsWith(job.id))).toEqual([]);
  });
});

describe('the worker', () => {
  let slow: TestApp;
  beforeAll(async () => {
    // A poll a minute apart: only the wake can send within the test.
    slow = await createTestApp({ PUSH_SERVICE_ORIGINS: service.origin }, { push: { pollMs: 60_000 } });
  });
  afterAll(() => slow?.close());

  it('sends at once when the commit that wrote a push wakes it, not at its next poll', async () => {
    const user = await makeProvider(slow.app);
    const device = service.device();
    const posted = await as(
      slow.app,
      user,
    )({ method: 'POST', url: '/api/push/subscriptions', payload: device.subscription });
    expect(posted.statusCode).toBe(201);
    const before = service.received.length;
    await slow.app.db.transaction((tx) =>
      enqueuePush(tx, {
        config: slow.config,
        origin: 'http://localhost:8081',
        type: 'bid',
        userIds: [user.user.id],
        tag: 'job:woken',
        content: () => ({ title: 'Woken', body: 'At once.', path: '/jobs/woken' }),
      }),
    );
    await service.waitFor(before + 1, 10_000);
    expect(service.received.at(-1)).toMatchObject({ device: device.id, payload: { title: 'Woken' } });
  });
});

describe('the push service answers', () => {
  it('410: the subscription is deleted; another 4xx: that push is dropped and the subscription kept', async () => {
    const area = nextZip();
    const gone = await plumber(area);
    const refused = await plumber(area);
    const fine = await plumber(area);
    service.answer(gone.device.id, 410);
    service.answer(refused.device.id, 400);
    const owner = await makeProvider(t.app);
    await postJob(owner, area);
    await nextPushTo(fine.device, 0);
    const subscription = (device: TestDevice) =>
      t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.subscription.endpoint));
    await expect.poll(async () => (await subscription(gone.device)).length, { timeout: 5_000 }).toBe(0);
    const [kept] = await subscription(refused.device);
    expect(kept).toBeDefined();
    await expect
      .poll(
        async () => {
          const [row] = await t.app.db.select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, kept!.id));
          return row && { dropped: row.droppedAt !== null, sent: row.sentAt, attempts: row.attempts };
        },
        { timeout: 5_000 },
      )
      .toEqual({ dropped: true, sent: null, attempts: 1 });
  });

  it('down and back: every push written meanwhile is delivered once it is back, each once', async () => {
    const area = nextZip();
    const provider = await plumber(area);
    const owner = await makeProvider(t.app);
    await service.down();
    const jobs = [await postJob(owner, area, 'First'), await postJob(owner, area, 'Second')];
    // Tried and failed while the service is down, retried with back-off.
    await expect
      .poll(
        async () => {
          const rows = await t.app.db
            .select()
            .from(pushOutbox)
            .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
            .where(eq(pushSubscriptions.userId, provider.session.user.id));
          return rows.filter((r) => r.push_outbox.attempts >= 2 && r.push_outbox.lastError !== null).length;
        },
        { timeout: 10_000 },
      )
      .toBe(2);
    expect(pushesTo(provider.device)).toEqual([]);
    await service.up();
    await expect.poll(() => pushesTo(provider.device).length, { timeout: 10_000 }).toBe(2);
    await sleep(1_000);
    const urls = pushesTo(provider.device).map((p) => p.payload.url);
    expect(urls.sort()).toEqual(jobs.map((job) => `http://localhost:8081/jobs/${job.id}`).sort());
  });
});
