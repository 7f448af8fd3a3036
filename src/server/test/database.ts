import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { findRootDir } from '#server/config.js';
import { migrationsFolder, openDatabase, type Database } from '#server/db/client.js';

/** Set TEST_DATABASE_URL to run the same tests on a PostgreSQL server instead of embedded PGlite. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || null;
export const usesPostgres = TEST_DATABASE_URL !== null;

async function adminQuery(baseUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the server of `baseUrl`, named after it plus `tag`; drop() removes it. */
export async function createScratchDatabase(
  baseUrl: string,
  tag: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const url = new URL(baseUrl);
  const name = `${url.pathname.slice(1) || 'test'}_${tag}${randomBytes(6).toString('hex')}`;
  await adminQuery(baseUrl, `CREATE DATABASE "${name}"`);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(baseUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

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
  const scratch = await createScratchDatabase(TEST_DATABASE_URL, '');
  const database = await openDatabase({ url: scratch.url, pgliteDir: null, migrationsFolder: folder, poolSize: 40 });
  return {
    ...database,
    url: scratch.url,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}
