import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRootDir } from '#server/config.js';
import { hasPostgresBinaries, startPgCluster, type PgCluster } from '#server/test/pg-cluster.js';
import { migrationsFolder, openDatabase } from './client.js';

/** How long `close` took, or about `limitMs` when it had not returned by then. */
async function msToClose(close: () => Promise<unknown>, limitMs = 10_000): Promise<number> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, limitMs)));
  await Promise.race([close().catch(() => {}), late]);
  clearTimeout(timer);
  return performance.now() - started;
}

/**
 * DESIGN.md §3.8 (SIGTERM: close the pool, exit 0) when the database is what fails: closing never waits for
 * a server that is frozen, restarting or gone. On a PostgreSQL cluster of the test's own, on every suite.
 */
describe.skipIf(!hasPostgresBinaries)('closing on a failing database', () => {
  let cluster: PgCluster;
  const open = (poolSize = 5) =>
    openDatabase({ url: cluster.url, pgliteDir: null, migrationsFolder: migrationsFolder(findRootDir()), poolSize });

  beforeAll(async () => {
    cluster = await startPgCluster();
  }, 60_000);
  afterAll(() => cluster?.destroy());

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
});
