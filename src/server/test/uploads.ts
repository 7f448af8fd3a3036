import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import type { UploadedPhoto } from '#shared/jobs.js';
import { uploads } from '#server/db/schema/index.js';
import { as, type Session, type TestApp } from './app.js';

export type Part = { data: Buffer; filename?: string; contentType?: string; field?: string };

/** A multipart/form-data body built by hand, as a browser's FormData would send it. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----tradesbid${randomBytes(8).toString('hex')}`;
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.filename ?? 'photo.png'}"\r\n` +
        `Content-Type: ${part.contentType ?? 'image/png'}\r\n\r\n`,
    ),
    part.data,
    Buffer.from('\r\n'),
  ]);
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function png(width = 64, height = 48, background = { r: 200, g: 120, b: 40 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

export function postUpload(t: TestApp, session: Session | null, parts: Part[]) {
  return as(t.app, session)({ method: 'POST', url: '/api/uploads', ...multipart(parts) });
}

/** One-line factory: `n` small PNGs uploaded by the user, their answer items. */
export async function uploadPngs(t: TestApp, session: Session, n = 1): Promise<UploadedPhoto[]> {
  const parts = await Promise.all(Array.from({ length: n }, async (_, i) => ({ data: await png(40 + i, 30) })));
  const response = await postUpload(t, session, parts);
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json().files;
}

/** What an upload left behind: files on disk and rows in the uploads table. */
export async function storedUploads(t: TestApp): Promise<{ files: number; rows: number }> {
  const dir = join(t.config.dataDir, 'uploads');
  const files = existsSync(dir) ? readdirSync(dir).length : 0;
  const [{ n }] = (await t.app.db.select({ n: count() }).from(uploads)) as [{ n: number }];
  return { files, rows: Number(n) };
}
