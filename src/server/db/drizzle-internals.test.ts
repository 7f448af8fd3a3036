import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql, TransactionRollbackError } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRootDir } from '#server/config.js';
import { categories } from '#server/db/schema/index.js';
import { createTestDatabase } from '#server/test/database.js';
import { pgClient, pgliteClient, transactionOn, withTransaction } from './drizzle-internals.js';
import { param, preparedStatement } from './statements.js';
import type { Database, Db } from './types.js';

const readJson = (...path: string[]) =>
  JSON.parse(readFileSync(join(findRootDir(), ...path), 'utf8')) as {
    version: string;
    dependencies: Record<string, string>;
  };

// drizzle-internals.ts reads and builds what Drizzle does not publish; a Drizzle release may change any of it.
// These tests fail when one does, so an upgrade is a change to package.json's pin made together with that file.
describe('the Drizzle internals the database room uses', () => {
  it('runs on the exact Drizzle version package.json pins', () => {
    const pinned = readJson('package.json').dependencies['drizzle-orm'];
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(readJson('node_modules', 'drizzle-orm', 'package.json').version).toBe(pinned);
  });

  it("finds node-postgres's pool under a database, and builds a transaction on one connection", async () => {
    const pool = new pg.Pool({ max: 1 });
    const client = new pg.Client() as unknown as pg.PoolClient;
    try {
      const db = drizzle({ client: pool }) as unknown as Db;
      expect(pgClient(db)).toBe(pool);
      const tx = transactionOn(client);
      expect(pgClient(tx)).toBe(client);
      expect(typeof tx.setTransaction).toBe('function');
      expect(tx.select().from(categories).where(eq(categories.slug, 'x')).toSQL().params).toEqual(['x']);
      const replaced = (async () => 'replaced') as unknown as Db['transaction'];
      expect(await withTransaction(db, replaced).transaction(async () => 'drizzle')).toBe('replaced');
    } finally {
      await pool.end();
    }
  });

  describe('on the test database', () => {
    let database: Database;
    beforeAll(async () => {
      database = await createTestDatabase();
      await database.migrate();
    });
    afterAll(() => database.close());

    it("runs a statement on the transaction's own connection: it sees the transaction's rows, others do not", async () => {
      const count = preparedStatement<{ n: number }>(
        'internals_category_count',
        sql`select count(*)::int as n from ${categories} where ${categories.slug} = ${param('slug')}`,
      );
      const slug = 'internals-probe';
      let inside = -1;
      const transaction = database.db.transaction(async (tx) => {
        await tx.insert(categories).values({ slug, name: 'Probe' });
        inside = (await count(tx, { slug }))[0]!.n;
        tx.rollback();
      });
      await expect(transaction).rejects.toThrow(TransactionRollbackError);
      expect(inside).toBe(1);
      expect((await count(database.db, { slug }))[0]!.n).toBe(0);
      if (database.kind === 'pglite') expect(pgClient(database.db)).toBeNull();
      else expect(pgClient(database.db)).toBeInstanceOf(pg.Pool);
      if (database.kind === 'pglite')
        expect((await pgliteClient(database.db).query('select 1 as n')).rows).toEqual([{ n: 1 }]);
    });
  });
});
