import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.js';
import { findRootDir } from '#server/config.js';
import { msToClose, testConfig } from '#server/test/app.js';
import { hasPostgresBinaries, startPgCluster, type PgCluster } from '#server/test/pg-cluster.js';
import { migrationsFolder, openDatabase, POOL_TIMEOUTS } from './client.js';

/**
 * docs/contract.md §3.8 (SIGTERM: close the pool, exit 0) when the database is what fails: closing never waits for
 * a server that is frozen, restarting or gone. On a PostgreSQL cluster of the test's own, on every suite.
 */
describe.skipIf(!hasPostgresBinaries)('closing on a failing database', () => {
  let cluster: PgCluster;
  const open = (poolSize = 5) =>
    openDatabase({ url: cluster.url, pgliteDir: null, migrationsFolder: migrationsFolder(findRootDir()), poolSize });
  const dataDirs: string[] = [];
  const build = async (mailPollMs = 60_000) => {
    const config = testConfig();
    dataDirs.push(config.dataDir);
    // By default the outbox worker's first look comes after the test; the outbox test below has it look every 50 ms.
    return buildApp(config, { database: await open(), serveClient: false, mail: { pollMs: mailPollMs } });
  };
  const backendCount = async () => {
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()`,
      );
      return rows[0]!.n;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    cluster = await startPgCluster();
  }, 60_000);
  afterAll(() => {
    cluster?.destroy();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('closes within 10 s while the server is frozen, with a transaction, a query and a connection attempt waiting on it', async () => {
    const app: FastifyInstance = await build();
    // Two idle connections: the transaction takes one and waits for its BEGIN, the query the other, and the
    // last query waits for a new connection the frozen server never finishes opening.
    await Promise.all([app.db.execute(sql`select pg_sleep(0.05)`), app.db.execute(sql`select pg_sleep(0.05)`)]);
    cluster.freeze();
    try {
      const waiting = [
        app.db.transaction((tx) => tx.execute(sql`select 1`)),
        app.db.execute(sql`select 2`),
        app.db.execute(sql`select 3`),
      ].map((promise) =>
        promise.then(
          () => 'answered',
          () => 'failed',
        ),
      );
      const ms = await msToClose(() => app.close());
      expect(ms, `closed in ${Math.round(ms)} ms`).toBeLessThan(10_000);
      expect(await Promise.all(waiting)).toEqual(['failed', 'failed', 'failed']);
    } finally {
      cluster.thaw();
    }
  }, 30_000);

  it("closes without waiting out the outbox worker's look stuck on a frozen server", async () => {
    // The worker looks for due emails every 50 ms: its look is stuck on the frozen server when the close begins,
    // and would wait out the 8 s read timeout before the pool's own close began.
    const app = await build(50);
    await app.db.execute(sql`select 1`);
    cluster.freeze();
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const ms = await msToClose(() => app.close(), 20_000);
      // Not after the look's read timeout: the close has other work to bound (the pool's), all within 10 s.
      expect(ms, `closed in ${Math.round(ms)} ms`).toBeLessThan(POOL_TIMEOUTS.queryMs);
    } finally {
      cluster.thaw();
    }
  }, 30_000);

  it('fails a transaction whose statement the frozen server never answers within 10 s, and serves again after', async () => {
    const database = await open(2);
    try {
      await database.ping();
      let frozenAt = 0;
      const outcome = await database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          cluster.freeze();
          frozenAt = performance.now();
          await tx.execute(sql`select 2`);
        })
        .then(
          () => 'committed',
          () => 'failed',
        );
      const ms = performance.now() - frozenAt;
      cluster.thaw();
      // A ROLLBACK on that connection would queue behind the unanswered statement and wait out a timeout of its own.
      expect(outcome).toBe('failed');
      expect(ms, `failed after ${Math.round(ms)} ms`).toBeLessThan(10_000);
      // Its connection was dropped, not given back with a statement on the wire: the pool serves once the server is back.
      expect(await database.ping().then(() => 'served')).toBe('served');
    } finally {
      cluster.thaw();
      await msToClose(() => database.close(), 5_000);
    }
  }, 40_000);

  it('gives back the connection of a transaction whose BEGIN failed, so the pool keeps serving and closes at once', async () => {
    const database = await open(1);
    await database.ping();
    // Blocks until the server is back: the pool learns that its one idle connection died only when it reads.
    cluster.restart();
    const transaction = await database.db
      .transaction((tx) => tx.execute(sql`select 1`))
      .then(
        () => 'committed',
        () => 'failed',
      );
    const served = await database.ping().then(
      () => 'served',
      (error: Error) => error.message,
    );
    const ms = await msToClose(() => database.close(), 5_000);
    expect(transaction).toBe('failed');
    expect(served).toBe('served');
    expect(ms, `closed in ${Math.round(ms)} ms`).toBeLessThan(1_000);
  }, 30_000);

  it('stops trying to listen again once closed while the server is down', async () => {
    const app = await build();
    cluster.stop();
    try {
      // The LISTEN connection is lost and tries again every second at most.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const ms = await msToClose(() => app.close());
      expect(ms, `closed in ${Math.round(ms)} ms`).toBeLessThan(1_000);
    } finally {
      cluster.start();
    }
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await backendCount()).toBe(0);
  }, 30_000);
});
