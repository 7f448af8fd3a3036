import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.js';
import { findRootDir } from '#server/config.js';
import { migrationsFolder, openDatabase } from '#server/db/client.js';
import { as, createTestApp, signUp, testConfig } from '#server/test/app.js';
import { createScratchDatabase, TEST_DATABASE_URL, usesPostgres } from '#server/test/database.js';
import { listenOnFreePort, openEventStream } from '#server/test/events.js';
import { createJob, makeProvider } from '#server/test/factories.js';
import { EVENTS_CHANNEL, publishEvent, publishEvents } from './publish.js';

// Scale-out (docs/contract.md §1): two app instances on one PostgreSQL; only a real server can host both.
describe.skipIf(!usesPostgres)('two app instances on one database', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let urlB: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const scratch = await createScratchDatabase(TEST_DATABASE_URL!, 'events');
    drop = scratch.drop;
    const open = () =>
      openDatabase({
        url: scratch.url,
        pgliteDir: null,
        migrationsFolder: migrationsFolder(findRootDir()),
        poolSize: 5,
      });
    const config = testConfig({ FREE_CREDITS_ON_UPGRADE: '0' });
    a = await buildApp(config, { database: await open(), serveClient: false });
    b = await buildApp(config, { database: await open(), serveClient: false });
    await listenOnFreePort(a);
    urlB = await listenOnFreePort(b);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  it('delivers a message posted through instance A to a stream open on instance B', async () => {
    const owner = await signUp(a);
    const job = await createJob(a.db, owner.user.id);
    const provider = await makeProvider(a, 9);
    await as(a, provider)({ method: 'POST', url: `/api/jobs/${job.id}/bids`, payload: { amount: '120' } });

    const stream = await openEventStream(urlB, owner.cookie);
    expect(stream.status).toBe(200);
    const sent = await as(
      a,
      provider,
    )({
      method: 'POST',
      url: '/api/messages',
      payload: { jobId: job.id, receiverId: owner.user.id, content: 'Sent through A' },
    });
    expect(sent.statusCode).toBe(201);
    const received = await stream.next('message.created', undefined, 2000);
    expect(received.data.message).toEqual(sent.json());
    stream.close();
  });

  it('keeps delivering after the LISTEN connection of instance B is killed', async () => {
    const owner = await signUp(a);
    const before = await openEventStream(urlB, owner.cookie);
    // Terminate B's (and A's) LISTEN connections of the events: the server side of a dropped network link.
    const killed = await a.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and query = ${`LISTEN "${EVENTS_CHANNEL}"`}`,
    );
    expect((killed as unknown as { rowCount: number }).rowCount).toBe(2);
    // Once B listens again, the stream of before ends (what was sent in the gap is lost to it), telling
    // the browser to reconnect and catch up; the reconnected stream gets what comes next.
    await before.ended;
    const stream = await openEventStream(urlB, owner.cookie);
    let delivered = false;
    for (let attempt = 0; attempt < 30 && !delivered; attempt += 1) {
      await a.db.transaction((tx) => publishEvent(tx, owner.user.id, 'credits.changed', { balance: attempt }));
      delivered = await stream.next('credits.changed', undefined, 300).then(
        () => true,
        () => false,
      );
    }
    expect(delivered).toBe(true);
    stream.close();
  });
});

describe('publishEvents', () => {
  it('queues more events in one statement than a select list may have columns, delivered in their order', async () => {
    // A lead's fan-out in a city alerts thousands of providers in one transaction (decision 046); PostgreSQL allows
    // a select list 1,664 columns.
    const t = await createTestApp();
    try {
      const user = await signUp(t.app);
      const stream = await openEventStream(await listenOnFreePort(t.app), user.cookie);
      const count = 2_000;
      const events = Array.from({ length: count }, (_, balance) => ({
        userId: user.user.id,
        type: 'credits.changed' as const,
        data: { balance },
      }));
      await t.app.db.transaction((tx) => publishEvents(tx, events));
      const received = [];
      for (let balance = 0; balance < count; balance += 1)
        received.push(await stream.next('credits.changed', (data) => data.balance === balance, 10_000));
      const times = received.map((event) => event.receivedAt);
      expect(times).toEqual([...times].sort((x, y) => x - y));
      stream.close();
    } finally {
      await t.close();
    }
  });
});
