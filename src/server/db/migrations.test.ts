import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.js';
import { findRootDir } from '#server/config.js';
import { testConfig } from '#server/test/app.js';
import { createScratchDatabase, TEST_DATABASE_URL, usesPostgres } from '#server/test/database.js';
import { migrationsFolder, openDatabase, rowsOf } from './client.js';

// Several instances starting at once on an empty database (docs/contract.md §3.8): one applies the migrations under
// an advisory lock, the others wait for it and start. Only a real server can host three instances.
describe.skipIf(!usesPostgres)('migrations with several instances starting at once', () => {
  it('applies each migration once when three instances start together on an empty database', async () => {
    const scratch = await createScratchDatabase(TEST_DATABASE_URL!, 'migrate');
    const apps: FastifyInstance[] = [];
    try {
      const starts = Array.from({ length: 3 }, async () => {
        const database = await openDatabase({
          url: scratch.url,
          pgliteDir: null,
          migrationsFolder: migrationsFolder(findRootDir()),
          poolSize: 2,
        });
        const app = await buildApp(testConfig(), { database, serveClient: false });
        apps.push(app);
        return app;
      });
      const started = await Promise.all(starts);
      for (const app of started) expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      const applied = rowsOf<{ n: number }>(
        await started[0]!.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      );
      const journal = (await import('./migrations/meta/_journal.json', { with: { type: 'json' } })).default;
      expect(applied[0]!.n).toBe(journal.entries.length);
      const categories = rowsOf<{ n: number }>(
        await started[1]!.db.execute(sql`select count(*)::int as n from categories`),
      );
      expect(categories[0]!.n).toBeGreaterThan(0);
    } finally {
      for (const app of apps) await app.close();
      await scratch.drop();
    }
  });
});
