import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PHOTO_MAX_EDGE, THUMBNAIL_EDGE, UPLOAD_MAX_BYTES, type UploadedPhoto } from '#shared/jobs.js';
import { uploads } from '#server/db/schema/index.js';
import { as, createTestApp, signUp, type Session, type TestApp } from '#server/test/app.js';
import { multipart, png, postUpload, storedUploads } from '#server/test/uploads.js';

let t: TestApp;
let user: Session;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t.app);
});
afterAll(() => t.close());

const fetchFile = (url: string) => as(t.app, null)({ method: 'GET', url });

/** Each refusal below is checked against what was stored before it. */
let before: { files: number; rows: number };
beforeEach(async () => {
  before = await storedUploads(t);
});

describe('uploading photos', () => {
  it('stores a PNG and answers its url, thumbnail url and size', async () => {
    const response = await postUpload(t, user, [{ data: await png(300, 200), filename: 'deck.png' }]);
    expect(response.statusCode).toBe(201);
    const [file] = response.json().files as UploadedPhoto[];
    expect(file).toMatchObject({ width: 300, height: 200 });
    expect(file!.url).toMatch(/^\/uploads\/[a-z0-9-]+\.webp$/);
    expect(file!.thumbnailUrl).toMatch(/^\/uploads\/[a-z0-9-]+\.thumb\.webp$/);
    const [row] = await t.app.db
      .select()
      .from(uploads)
      .where(eq(uploads.storageKey, file!.url.slice('/uploads/'.length)));
    expect(row).toMatchObject({ userId: user.user.id, width: 300, height: 200, contentType: 'image/webp' });
  });

  it('recognises JPEG, PNG, WebP and GIF by their content, whatever the name says', async () => {
    const base = sharp({ create: { width: 50, height: 40, channels: 3, background: '#3366cc' } });
    const parts = [
      { data: await base.clone().jpeg().toBuffer(), filename: 'a.png', contentType: 'application/octet-stream' },
      { data: await base.clone().png().toBuffer(), filename: 'b.gif', contentType: 'image/gif' },
      { data: await base.clone().webp().toBuffer(), filename: 'c', contentType: 'text/plain' },
      { data: await base.clone().gif().toBuffer(), filename: 'd.jpg', contentType: 'image/jpeg' },
    ];
    const response = await postUpload(t, user, parts);
    expect(response.statusCode).toBe(201);
    expect(response.json().files).toHaveLength(4);
    expect(await storedUploads(t)).toEqual({ files: before.files + 8, rows: before.rows + 4 });
  });

  it('caps the long edge at 2048 px and makes a thumbnail with a 400 px short edge', async () => {
    const response = await postUpload(t, user, [{ data: await png(3000, 1500) }]);
    const [file] = response.json().files as UploadedPhoto[];
    expect(file).toMatchObject({ width: PHOTO_MAX_EDGE, height: PHOTO_MAX_EDGE / 2 });
    const stored = await sharp((await fetchFile(file!.url)).rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: PHOTO_MAX_EDGE, height: PHOTO_MAX_EDGE / 2 });
    const thumbnail = await sharp((await fetchFile(file!.thumbnailUrl)).rawPayload).metadata();
    expect(thumbnail).toMatchObject({ format: 'webp', width: THUMBNAIL_EDGE * 2, height: THUMBNAIL_EDGE });
  });

  it('turns a photo upright and strips its metadata', async () => {
    // 300x200 pixels stored sideways: EXIF orientation 6 means "rotate 90° clockwise to view".
    const sideways = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#88aa44' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(sideways).metadata()).exif).toBeDefined();
    const response = await postUpload(t, user, [{ data: sideways, filename: 'phone.jpg', contentType: 'image/jpeg' }]);
    const [file] = response.json().files as UploadedPhoto[];
    expect(file).toMatchObject({ width: 200, height: 300 });
    const stored = await sharp((await fetchFile(file!.url)).rawPayload).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
  });

  it('refuses a logged-out upload and stores nothing', async () => {
    const response = await postUpload(t, null, [{ data: await png() }]);
    expect(response.statusCode).toBe(401);
    expect(await storedUploads(t)).toEqual(before);
  });

  it('refuses a text file disguised as a JPEG with 415 and stores nothing', async () => {
    const response = await postUpload(t, user, [
      { data: await png(), filename: 'ok.png' },
      {
        data: Buffer.from('just some text, not a photo at all\n'.repeat(20)),
        filename: 'kitchen.jpg',
        contentType: 'image/jpeg',
      },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'Unsupported file type', code: 'unsupported_media_type' });
    expect(await storedUploads(t)).toEqual(before);
  });

  it('refuses an SVG image with 415', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const response = await postUpload(t, user, [{ data: svg, filename: 'logo.png', contentType: 'image/png' }]);
    expect(response.statusCode).toBe(415);
    expect(await storedUploads(t)).toEqual(before);
  });

  it('refuses a truncated image with 400 and stores nothing', async () => {
    const whole = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ccaa88' } })
      .jpeg()
      .toBuffer();
    const response = await postUpload(t, user, [
      { data: whole.subarray(0, 400), filename: 'cut.jpg', contentType: 'image/jpeg' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('invalid_photo');
    expect(await storedUploads(t)).toEqual(before);
  });

  it('refuses 11 files in one request and stores none of them', async () => {
    const image = await png();
    const response = await postUpload(
      t,
      user,
      Array.from({ length: 11 }, () => ({ data: image })),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('too_many_photos');
    expect(await storedUploads(t)).toEqual(before);
  });

  it('refuses an image over 10 MB with 413 and stores nothing', async () => {
    // Random noise barely compresses: 2000x2000 RGB is a PNG of about 12 MB.
    const noise = await sharp(randomBytes(2000 * 2000 * 3), { raw: { width: 2000, height: 2000, channels: 3 } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(UPLOAD_MAX_BYTES);
    const response = await postUpload(t, user, [
      { data: await png(), filename: 'small.png' },
      { data: noise, filename: 'huge.png' },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The upload is too large', code: 'payload_too_large' });
    expect(await storedUploads(t)).toEqual(before);
  });

  it('refuses a request with no file', async () => {
    const response = await postUpload(t, user, []);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('no_photos');
  });

  it('refuses a file under another field name', async () => {
    const response = await postUpload(t, user, [{ data: await png(), field: 'avatar' }]);
    expect(response.statusCode).toBe(400);
    expect(await storedUploads(t)).toEqual(before);
  });

  it('refuses a body that is not multipart with 415', async () => {
    const response = await as(t.app, user)({ method: 'POST', url: '/api/uploads', payload: { file: 'x' } });
    expect(response.statusCode).toBe(415);
  });
});

describe('serving photos', () => {
  it('serves a photo and its thumbnail with their content type, a year-long immutable cache and nosniff', async () => {
    const response = await postUpload(t, user, [{ data: await png(120, 90) }]);
    const [file] = response.json().files as UploadedPhoto[];
    for (const url of [file!.url, file!.thumbnailUrl]) {
      const served = await fetchFile(url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    }
  });

  it('serves a credential PDF as a private download that no shared cache keeps', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const response = await as(
      t.app,
      user,
    )({
      method: 'POST',
      url: '/api/uploads/documents',
      ...multipart([{ data: pdf, filename: 'license.pdf', contentType: 'application/pdf' }]),
    });
    expect(response.statusCode).toBe(201);
    const served = await fetchFile(response.json().url);
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': 'attachment',
      'cache-control': 'private, max-age=31536000, immutable',
    });
  });

  it.each([
    '/uploads/00000000-0000-0000-0000-000000000000.webp',
    '/uploads/..%2Fsession-secret',
    '/uploads/%2e%2e%2fpglite',
  ])('answers 404 for %s', async (url) => {
    const response = await fetchFile(url);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
  });
});
