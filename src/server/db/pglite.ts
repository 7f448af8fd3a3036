import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Database, DatabaseOptions, Db } from './types.js';

/**
 * The live process, other than this one, that has the embedded database at `pgliteDir` open, or null.
 * PGlite runs inside one process: a second opener (e.g. `npm run promo` next to a running server) must not.
 */
export function pgliteHolder(pgliteDir: string): number | null {
  const lock = `${pgliteDir}.pid`;
  if (!existsSync(lock)) return null;
  const pid = Number(readFileSync(lock, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive but not ours to signal; ESRCH: gone, the lock is stale.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/** The embedded database (docs/decisions/001): in a folder with a pid lock beside it, or in memory (tests). */
export async function openPglite(options: DatabaseOptions): Promise<Database> {
  const lock = options.pgliteDir ? `${options.pgliteDir}.pid` : null;
  if (options.pgliteDir) {
    mkdirSync(options.pgliteDir, { recursive: true });
    writeFileSync(lock!, String(process.pid));
  }
  const client = options.pgliteDir
    ? new PGlite(options.pgliteDir)
    : new PGlite(options.pgliteDataDir ? { loadDataDir: options.pgliteDataDir } : {});
  await client.waitReady;
  const db = drizzle({ client }) as unknown as Db;
  return {
    db,
    readDb: db,
    replica: null,
    kind: 'pglite',
    migrate: async () => {
      await migrate(drizzle({ client }), { migrationsFolder: options.migrationsFolder });
    },
    ping: async () => {
      await client.query('select 1');
    },
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: async () => {
      if (!client.closed) await client.close();
      if (lock && existsSync(lock) && readFileSync(lock, 'utf8').trim() === String(process.pid)) rmSync(lock);
    },
  };
}
