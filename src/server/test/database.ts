import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { findRootDir } from '#server/config.js';
import { migrationsFolder, openDatabase, type Database } from '#server/db/client.js';

/** Set TEST_DATABASE_URL to run the same tests on a PostgreSQL server instead of embedded PGlite. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || null;
export const usesPostgres = TEST_DATABASE_URL !== null;

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database created
 * next to TEST_DATABASE_URL's (dropped again by close()).
 */
export async function createTestDatabase(): Promise<Database & { url: string | null }> {
  const folder = migrationsFolder(findRootDir());
  if (!TEST_DATABASE_URL) {
    const database = await openDatabase({ url: null, pgliteDir: null, migrationsFolder: folder });
    return { ...database, url: null };
  }
  const base = new URL(TEST_DATABASE_URL);
  const name = `${base.pathname.slice(1) || 'test'}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), pgliteDir: null, migrationsFolder: folder, poolSize: 40 });
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}
