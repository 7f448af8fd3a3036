/**
 * The database of an operator command (npm run promo, npm run admin): DATABASE_URL, or the embedded database
 * under DATA_DIR when no server holds it open (PGlite lives inside one process).
 */
import { join } from 'node:path';
import type { Config } from '#server/config.js';
import { migrationsFolder, openDatabase, pgliteHolder, type Db } from '#server/db/client.js';

/** A mistake of the person at the shell: its message is printed as it is, without a stack. */
export class UsageError extends Error {}

/** Opens and migrates the database, runs `work` on it, closes it. `whileRunning`: what to do instead. */
export async function withScriptDatabase<T>(
  config: Config,
  whileRunning: string,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  const pgliteDir = join(config.dataDir, 'pglite');
  if (!config.databaseUrl) {
    const holder = pgliteHolder(pgliteDir);
    if (holder !== null) {
      throw new UsageError(
        `The embedded database in ${config.dataDir} is open in another process (pid ${holder}), probably the running server.\n` +
          `PGlite serves one process at a time: stop the server first, or ${whileRunning} while it runs.`,
      );
    }
  }
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir,
    migrationsFolder: migrationsFolder(config.rootDir),
    poolSize: 2,
  });
  try {
    await database.migrate();
    return await work(database.db);
  } finally {
    await database.close();
  }
}
