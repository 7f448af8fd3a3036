import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** The temp-folder path of a template made from this version of PGlite and of the migrations. */
function templatePath(folder: string, suffix: string): string {
  const hash = createHash('sha1');
  hash.update(readFileSync(join(findRootDir(), 'node_modules/@electric-sql/pglite/package.json')));
  for (const name of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
    if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(join(folder, name)));
  }
  return join(tmpdir(), `tradesbid-pglite-template-${hash.digest('hex').slice(0, 16)}${suffix}`);
}

/**
 * A freshly migrated embedded database as a data-folder tarball, made once per version of the migrations and
 * kept in the temp folder for every test worker and run after it: a PGlite loaded from it skips initdb and
 * the migrations (about 3 s of one core per database, some 50 databases a suite).
 */
async function migratedPgliteTemplate(folder: string): Promise<Blob> {
  const path = templatePath(folder, '.tar');
  if (existsSync(path)) return new Blob([readFileSync(path)]);
  const database = await openDatabase({ url: null, pgliteDir: null, migrationsFolder: folder });
  await database.migrate();
  const pglite = (database.db as unknown as { $client: { dumpDataDir: (c: 'none') => Promise<Blob> } }).$client;
  const dump = await pglite.dumpDataDir('none');
  await database.close();
  // Written whole under another name, then renamed: a worker reading at the same time sees all or nothing.
  const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, path);
  return dump;
}

/**
 * The same for a server process (journeys, benchmarks): a migrated PGlite folder to copy to
 * `DATA_DIR/pglite`, so a server started on it skips initdb and the migrations as a restarted one does.
 */
export async function migratedPgliteFolder(): Promise<string> {
  const folder = migrationsFolder(findRootDir());
  const path = templatePath(folder, '.d');
  if (existsSync(path)) return path;
  const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const database = await openDatabase({ url: null, pgliteDir: partial, migrationsFolder: folder });
  await database.migrate();
  await database.close();
  try {
    renameSync(partial, path);
  } catch {
    // Another worker put its template in place first: use that one.
    rmSync(partial, { recursive: true, force: true });
  }
  return path;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database created
 * next to TEST_DATABASE_URL's (dropped again by close()).
 */
export async function createTestDatabase(): Promise<Database & { url: string | null }> {
  const folder = migrationsFolder(findRootDir());
  if (!TEST_DATABASE_URL) {
    const pgliteDataDir = await migratedPgliteTemplate(folder);
    const database = await openDatabase({ url: null, pgliteDir: null, migrationsFolder: folder, pgliteDataDir });
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
