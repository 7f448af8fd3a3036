import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.js';
import { findRootDir } from '#server/config.js';
import { as, msToClose, signUp, testConfig, type Session } from '#server/test/app.js';
import { listenOnFreePort, openEventStream } from '#server/test/events.js';
import { createJob, makeProvider } from '#server/test/factories.js';
import { hasPostgresBinaries, startPgCluster, type PgCluster } from '#server/test/pg-cluster.js';
import { migrationsFolder, openDatabase } from './client.js';

/**
 * docs/contract.md §3.8 against a PostgreSQL server of the test's own that it stops, freezes and starts again:
 * 503 `service_unavailable` within 10 s while it is away, /readyz 503 and /healthz 200, no crash, and full
 * service when it is back without a restart, event streams included. Runs on every suite (its own cluster).
 */
describe.skipIf(!hasPostgresBinaries)('a database outage', () => {
  let cluster: PgCluster;
  let app: FastifyInstance;
  let base: string;
  let owner: Session;
  let provider: Session;
  let jobId: string;

  beforeAll(async () => {
    cluster = await startPgCluster();
    const database = await openDatabase({
      url: cluster.url,
      pgliteDir: null,
      migrationsFolder: migrationsFolder(findRootDir()),
      poolSize: 5,
    });
    app = await buildApp(testConfig(), { database, serveClient: false });
    base = await listenOnFreePort(app);
    owner = await signUp(app);
    provider = await makeProvider(app, 20);
    jobId = (await createJob(app.db, owner.user.id)).id;
    const bid = await as(app, provider)({ method: 'POST', url: `/api/jobs/${jobId}/bids`, payload: { amount: '90' } });
    expect(bid.statusCode).toBe(201);
  }, 60_000);
  afterAll(async () => {
    // The cluster goes even when the app does not close: a close that never returned left it running.
    const ms = app ? await msToClose(() => app.close(), 15_000) : 0;
    cluster?.destroy();
    expect(ms, `app.close() took ${Math.round(ms)} ms`).toBeLessThan(15_000);
  });

  const timed = async (run: () => Promise<{ statusCode: number; json: () => unknown }>) => {
    const started = performance.now();
    const response = await run();
    return { response, ms: performance.now() - started };
  };
  const jobs = () => as(app, owner)({ method: 'GET', url: '/api/jobs' });
  const send = (content: string) =>
    as(app, provider)({ method: 'POST', url: '/api/messages', payload: { jobId, receiverId: owner.user.id, content } });

  async function expectUnavailable(what: string, only?: string[]) {
    for (const [name, call] of [
      ['job list', jobs],
      ['current user', () => as(app, owner)({ method: 'GET', url: '/api/auth/user' })],
      [
        'login',
        () =>
          app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: owner.user.email, password: 'x' } }),
      ],
      ['readyz', () => app.inject({ method: 'GET', url: '/readyz' })],
    ] as const) {
      if (only && !only.includes(name)) continue;
      const { response, ms } = await timed(call);
      expect(response.statusCode, `${what}: ${name}`).toBe(503);
      expect(response.json(), `${what}: ${name}`).toMatchObject({ code: 'service_unavailable' });
      expect(ms, `${what}: ${name} answered in ${ms} ms`).toBeLessThan(10_000);
    }
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  }

  async function waitForService() {
    const deadline = Date.now() + 20_000;
    while ((await app.inject({ method: 'GET', url: '/readyz' })).statusCode !== 200) {
      if (Date.now() > deadline) throw new Error('not ready 20 s after the database came back');
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await jobs()).statusCode).toBe(200);
  }

  it('answers 503 within 10 s while the server is stopped, and everything works again when it starts', async () => {
    const stream = await openEventStream(base, owner.cookie);
    expect(stream.status).toBe(200);
    cluster.stop();
    await expectUnavailable('stopped');

    cluster.start();
    await waitForService();
    // The LISTEN connection subscribes again by itself, on its own schedule (the pool may be ready first). Then
    // the streams of before end, so that browsers reconnect and catch up on the gap; a stream opened before
    // that moment would end with them.
    const ended = await Promise.race([
      stream.ended.then(() => 'ended'),
      new Promise((resolve) => setTimeout(() => resolve('still open'), 15_000)),
    ]);
    expect(ended, 'a stream of before the outage, once LISTEN is back').toBe('ended');
    // A stream opened now gets what happens next, through the LISTEN connection that subscribed again.
    const fresh = await openEventStream(base, owner.cookie);
    const sent = await send('Back after the outage');
    expect(sent.statusCode).toBe(201);
    const event = await fresh.next('message.created', (d) => d.message.content === 'Back after the outage', 5_000);
    expect(event.data.message.id).toBe((sent.json() as { id: string }).id);
    stream.close();
    fresh.close();
  }, 60_000);

  it('answers 503 within 10 s while the server is frozen (a partition), and recovers when it thaws', async () => {
    cluster.freeze();
    try {
      // Each call waits out a timeout here, so two of them: an API read and the readiness check.
      await expectUnavailable('frozen', ['job list', 'readyz']);
    } finally {
      cluster.thaw();
    }
    await waitForService();
    expect((await send('After the freeze')).statusCode).toBe(201);
  }, 90_000);

  it('survives a fast restart under way', async () => {
    const during = Promise.all(Array.from({ length: 10 }, () => jobs()));
    cluster.restart();
    const statuses = (await during).map((r) => r.statusCode);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    await waitForService();
  }, 60_000);
});
