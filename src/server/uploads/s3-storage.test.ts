import { readdirSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadedPhoto } from '#shared/jobs.js';
import { buildApp } from '#server/app.js';
import { createTwoInstances, signUp, testConfig, type Session, type TwoInstances } from '#server/test/app.js';
import { createTestDatabase } from '#server/test/database.js';
import { freePort } from '#server/test/ports.js';
import { startS3Server, type S3TestServer } from '#server/test/s3.js';
import { multipart, png } from '#server/test/uploads.js';

const UNAVAILABLE = { message: 'The service is temporarily unavailable', code: 'service_unavailable' };
/** docs/contract.md §3.8: an upload answers 503 within 15 s while the store is unreachable. */
const UNAVAILABLE_WITHIN_MS = 15_000;

let s3: S3TestServer;
let instances: TwoInstances;
let a: FastifyInstance;
let b: FastifyInstance;
let user: Session;
beforeAll(async () => {
  s3 = await startS3Server();
  instances = await createTwoInstances(s3.env);
  ({ a, b } = instances);
  user = await signUp(a);
});
afterAll(async () => {
  await instances?.close();
  await s3?.close();
});

async function uploadPng(app: FastifyInstance): Promise<UploadedPhoto> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/uploads',
    ...withCookie(multipart([{ data: await png(120, 90) }])),
  });
  expect(response.statusCode).toBe(201);
  return (response.json().files as UploadedPhoto[])[0]!;
}

function withCookie(body: ReturnType<typeof multipart>) {
  return { payload: body.payload, headers: { ...body.headers, cookie: user.cookie } };
}

const keyOf = (url: string) => url.slice('/uploads/'.length);

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await run();
  return { result, ms: performance.now() - started };
}

describe('uploads in an S3-compatible store, two instances on one database', () => {
  it('serves on instance B a photo uploaded on instance A, with the same headers as from disk', async () => {
    const photo = await uploadPng(a);
    expect(await s3.keys()).toEqual(expect.arrayContaining([keyOf(photo.url), keyOf(photo.thumbnailUrl)]));
    for (const url of [photo.url, photo.thumbnailUrl]) {
      const served = await b.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers).toMatchObject({
        'content-type': 'image/webp',
        'content-length': String(served.rawPayload.length),
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        'content-disposition': 'inline',
      });
      expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    }
    const full = await sharp((await b.inject({ method: 'GET', url: photo.url })).rawPayload).metadata();
    expect(full).toMatchObject({ width: 120, height: 90 });
  });

  it('stores a credential PDF in the bucket and serves it as a private download', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const response = await a.inject({
      method: 'POST',
      url: '/api/uploads/documents',
      ...withCookie(multipart([{ data: pdf, filename: 'license.pdf', contentType: 'application/pdf' }])),
    });
    expect(response.statusCode).toBe(201);
    const served = await b.inject({ method: 'GET', url: response.json().url });
    expect(served.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': 'attachment',
      'cache-control': 'private, max-age=31536000, immutable',
    });
    expect(served.rawPayload.equals(pdf)).toBe(true);
  });

  it('answers 404 for a key the bucket does not hold, as the disk store does', async () => {
    const response = await b.inject({ method: 'GET', url: '/uploads/00000000-0000-0000-0000-000000000000.webp' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
  });

  it('writes nothing to the local disk', async () => {
    await uploadPng(b);
    // No uploads folder, no temporary files: DATA_DIR stays as the test made it (empty). The one folder that may
    // appear is the mail room's: with no SMTP_URL its worker writes the account's confirmation email there
    // (mail/transport.ts), whenever it gets to it.
    expect(readdirSync(instances.config.dataDir).filter((name) => name !== 'mail')).toEqual([]);
  });

  it('answers 503 within seconds while the store is down, and both instances serve everything else', async () => {
    const photo = await uploadPng(a);
    await s3.stop();
    try {
      const [uploaded, served] = await Promise.all([
        timed(async () =>
          a.inject({ method: 'POST', url: '/api/uploads', ...withCookie(multipart([{ data: await png() }])) }),
        ),
        timed(() => b.inject({ method: 'GET', url: photo.url })),
      ]);
      for (const { result, ms } of [uploaded, served]) {
        expect(result.statusCode).toBe(503);
        expect(result.json()).toEqual(UNAVAILABLE);
        // A refused connection is known at once; only a silent store takes the client's timeouts.
        expect(ms).toBeLessThan(3_000);
      }
      for (const app of [a, b]) {
        for (const url of ['/api/categories', '/api/jobs', '/readyz']) {
          expect((await app.inject({ method: 'GET', url, headers: { cookie: user.cookie } })).statusCode).toBe(200);
        }
        const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: user.cookie } });
        expect(me.json().id).toBe(user.user.id);
      }
    } finally {
      await s3.start();
    }
  });

  it('uploads and serves again once the store is back on its port', async () => {
    const photo = await uploadPng(b);
    expect((await a.inject({ method: 'GET', url: photo.url })).statusCode).toBe(200);
  });
});

describe('a store that accepts connections and never answers', () => {
  let blackHole: Server;
  const sockets: Socket[] = [];
  let app: FastifyInstance;
  beforeAll(async () => {
    const port = await freePort();
    blackHole = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => blackHole.listen(port, '127.0.0.1', resolve));
    const config = testConfig({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${port}` });
    app = await buildApp(config, { database: await createTestDatabase(), serveClient: false });
    user = await signUp(app);
  });
  afterAll(async () => {
    await app?.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => blackHole?.close(resolve));
  });

  it('answers an upload and a photo with 503 within the time limit instead of hanging', async () => {
    const [uploaded, served] = await Promise.all([
      timed(async () =>
        app.inject({ method: 'POST', url: '/api/uploads', ...withCookie(multipart([{ data: await png() }])) }),
      ),
      timed(() => app.inject({ method: 'GET', url: '/uploads/00000000-0000-0000-0000-000000000000.webp' })),
    ]);
    for (const { result, ms } of [uploaded, served]) {
      expect(result.statusCode).toBe(503);
      expect(result.json()).toEqual(UNAVAILABLE);
      expect(ms).toBeLessThan(UNAVAILABLE_WITHIN_MS);
    }
  });
});
