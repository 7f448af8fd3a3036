import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { getTableColumns, inArray, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadedPhoto } from '#shared/jobs.js';
import { every } from '#server/background/index.js';
import * as schema from '#server/db/schema/index.js';
import { uploads } from '#server/db/schema/index.js';
import { createTwoInstances, signUp, type Session, type TestApp, type TwoInstances } from '#server/test/app.js';
import { createJob } from '#server/test/factories.js';
import { startS3Server, type S3TestServer } from '#server/test/s3.js';
import { uploadPngs } from '#server/test/uploads.js';
import { photoStorageFor } from './index.js';
import type { PhotoStorage } from './storage.js';
import { StorageUnavailableError } from './storage.js';
import { sweepUnreferencedUploads, UPLOAD_URL_COLUMNS } from './sweep.js';

const keyOf = (url: string) => url.slice('/uploads/'.length);
const keysOf = (photos: UploadedPhoto[]) => photos.flatMap((p) => [keyOf(p.url), keyOf(p.thumbnailUrl)]);

/** A store that also notes every key it was asked to delete (the real store does the deleting). */
function noting(storage: PhotoStorage): PhotoStorage & { deleted: string[] } {
  const deleted: string[] = [];
  return {
    deleted,
    put: (key, data) => storage.put(key, data),
    get: (key) => storage.get(key),
    delete: async (key) => {
      deleted.push(key);
      await storage.delete(key);
    },
    close: () => storage.close(),
  };
}

describe.each(['disk', 's3'] as const)('the sweep of unreferenced uploads, on the %s store', (store) => {
  let s3: S3TestServer | null = null;
  let instances: TwoInstances;
  let a: FastifyInstance;
  /** Instance A as the upload factories take it. */
  let t: TestApp;
  let user: Session;
  let storage: PhotoStorage;
  /** The keys the store holds now. */
  let storedKeys: () => Promise<string[]>;

  beforeAll(async () => {
    s3 = store === 's3' ? await startS3Server() : null;
    instances = await createTwoInstances(s3?.env ?? {});
    a = instances.a;
    t = { app: a, config: instances.config, close: instances.close };
    user = await signUp(a);
    storage = await photoStorageFor(instances.config);
    const dir = join(instances.config.dataDir, 'uploads');
    storedKeys = s3 ? s3.keys : async () => (existsSync(dir) ? readdirSync(dir) : []);
  });
  afterAll(async () => {
    storage?.close();
    await instances?.close();
    await s3?.close();
  });

  /** Uploads made `hours` ago, as far as the database knows. */
  async function backdate(photos: UploadedPhoto[], hours = 25) {
    await a.db
      .update(uploads)
      .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
      .where(
        inArray(
          uploads.storageKey,
          photos.map((p) => keyOf(p.url)),
        ),
      );
  }

  async function rowsFor(photos: UploadedPhoto[]) {
    return a.db
      .select()
      .from(uploads)
      .where(
        inArray(
          uploads.storageKey,
          photos.map((p) => keyOf(p.url)),
        ),
      );
  }

  it('removes an upload nothing references a day after it was made, its files and its row', async () => {
    const photos = await uploadPngs(t, user, 1);
    await backdate(photos);
    expect(await storedKeys()).toEqual(expect.arrayContaining(keysOf(photos)));

    expect(await sweepUnreferencedUploads(a.db, storage)).toEqual([keyOf(photos[0]!.url)]);
    expect(await rowsFor(photos)).toEqual([]);
    expect(await storedKeys()).not.toEqual(expect.arrayContaining([keysOf(photos)[0]]));
    expect(await storedKeys()).not.toEqual(expect.arrayContaining([keysOf(photos)[1]]));
    expect((await a.inject({ method: 'GET', url: photos[0]!.url })).statusCode).toBe(404);
  });

  it('keeps an upload a job refers to, however old', async () => {
    const photos = await uploadPngs(t, user, 1);
    await createJob(a.db, user.user.id, { photos: [photos[0]!.url] });
    await backdate(photos, 24 * 90);

    expect(await sweepUnreferencedUploads(a.db, storage)).toEqual([]);
    expect(await rowsFor(photos)).toHaveLength(1);
    expect(await storedKeys()).toEqual(expect.arrayContaining(keysOf(photos)));
  });

  it('keeps an upload made less than a day ago, referenced or not', async () => {
    const photos = await uploadPngs(t, user, 1);
    await backdate(photos, 23);

    expect(await sweepUnreferencedUploads(a.db, storage)).toEqual([]);
    expect(await rowsFor(photos)).toHaveLength(1);
    expect(await storedKeys()).toEqual(expect.arrayContaining(keysOf(photos)));
  });

  it('runs on a timer in every instance', async () => {
    const photos = await uploadPngs(t, user, 1);
    await backdate(photos);
    const errors: unknown[] = [];
    const log = { error: (...logged: unknown[]) => errors.push(logged) };
    // As background/loops.ts runs it, every 50 ms instead of hourly.
    const stop = every('upload sweep', 50, () => sweepUnreferencedUploads(instances.b.db, storage), { log });
    try {
      await expect.poll(() => rowsFor(photos), { timeout: 5_000 }).toEqual([]);
    } finally {
      await stop();
    }
    expect(errors).toEqual([]);
  });

  it.skipIf(store !== 's3')(
    'keeps an upload whose files the store could not delete, and removes it later',
    async () => {
      const photos = await uploadPngs(t, user, 1);
      await backdate(photos);
      await s3!.stop();
      try {
        await expect(sweepUnreferencedUploads(a.db, storage)).rejects.toBeInstanceOf(StorageUnavailableError);
      } finally {
        await s3!.start();
      }
      expect(await rowsFor(photos)).toHaveLength(1);
      // Claimed by the sweeper that failed: nobody takes it again until the claim runs out.
      expect(await sweepUnreferencedUploads(a.db, storage)).toEqual([]);
      await a.db
        .update(uploads)
        .set({ sweepClaimedAt: sql`now() - interval '11 minutes'` })
        .where(inArray(uploads.storageKey, [keyOf(photos[0]!.url)]));
      expect(await sweepUnreferencedUploads(a.db, storage)).toEqual([keyOf(photos[0]!.url)]);
      expect(await storedKeys()).not.toEqual(expect.arrayContaining([keysOf(photos)[0]]));
    },
  );

  it('removes each file once when two instances sweep at the same time', async () => {
    const photos = await uploadPngs(t, user, 6);
    await backdate(photos);
    const first = noting(storage);
    const second = noting(await photoStorageFor(instances.config));

    // Small batches, so that both sweepers keep coming back for more while the other works.
    const [byA, byB] = await Promise.all([
      sweepUnreferencedUploads(a.db, first, new Date(), 2),
      sweepUnreferencedUploads(instances.b.db, second, new Date(), 2),
    ]);
    second.close();

    expect([...byA, ...byB].sort()).toEqual(photos.map((p) => keyOf(p.url)).sort());
    expect([...first.deleted, ...second.deleted].sort()).toEqual(keysOf(photos).sort());
    expect(await rowsFor(photos)).toEqual([]);
    const left = await storedKeys();
    expect(keysOf(photos).filter((key) => left.includes(key))).toEqual([]);
  });
});

describe('what the sweep counts as a reference', () => {
  it('knows every column that can hold an upload URL', () => {
    const named = Object.values(schema)
      .flatMap((value) => (is(value, PgTable) ? Object.values(getTableColumns(value)) : []))
      .filter((column) => /url|photo|image/i.test(column.name))
      .map((column) => column.name)
      .sort();
    expect(UPLOAD_URL_COLUMNS.map(({ column }) => column.name).sort()).toEqual(named);
  });
});
