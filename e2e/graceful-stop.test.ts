import { request } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieOf } from '#server/test/cookies.js';
import { startApp, type RunningApp } from './support/app.js';

/** A photo large enough that re-encoding it keeps the server busy for a moment. */
async function photo(i: number): Promise<Blob> {
  const data = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: { r: 40 + i, g: 90, b: 160 } },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
  return new Blob([new Uint8Array(data)], { type: 'image/jpeg' });
}

/** GET /api/events over a raw socket: everything the server wrote until it ended the stream. */
function rawStream(url: string, cookie: string): Promise<{ opened: Promise<void>; ended: Promise<string> }> {
  return new Promise((resolve) => {
    let text = '';
    let opened!: () => void;
    const openedPromise = new Promise<void>((r) => (opened = r));
    const ended = new Promise<string>((done, fail) => {
      const req = request(`${url}/api/events`, { headers: { cookie } }, (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          opened();
        });
        res.on('end', () => done(text));
        res.on('error', fail);
      });
      req.on('error', fail);
      req.end();
    });
    resolve({ opened: openedPromise, ended });
  });
}

// DESIGN.md §3.8: SIGTERM lets requests in flight finish, ends event streams with a retry hint, closes idle
// keep-alive connections and the pool, and exits 0 well before its 10-second force-exit timer.
describe('stopping a server with SIGTERM under load', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(() => app?.stop());

  it('finishes every request in flight, ends the event stream with a retry hint, and exits 0 at once', async () => {
    const register = await fetch(`${app.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.url },
      body: JSON.stringify({ email: 'drain@example.com', password: 'drain password 1', firstName: 'D', lastName: 'R' }),
    });
    expect(register.status).toBe(201);
    const cookie = sessionCookieOf(register.headers.getSetCookie())!;
    // Idle keep-alive connections that must not hold the close open.
    for (let i = 0; i < 5; i++) expect((await fetch(`${app.url}/api/categories`)).status).toBe(200);
    const stream = await rawStream(app.url, cookie);
    await stream.opened;

    const photos = await Promise.all(Array.from({ length: 12 }, (_, i) => photo(i)));
    const uploads = photos.map(async (blob, i) => {
      const form = new FormData();
      form.append('file', blob, `photo-${i}.jpg`);
      const response = await fetch(`${app.url}/api/uploads`, {
        method: 'POST',
        body: form,
        headers: { cookie, origin: app.url },
      });
      return response.status;
    });
    // Every upload is on its way to the server (and being re-encoded there) when the signal comes.
    await new Promise((r) => setTimeout(r, 150));
    const signalled = performance.now();
    process.kill(app.pid!, 'SIGTERM');

    const statuses = await Promise.all(uploads);
    expect(statuses).toEqual(Array(12).fill(201));
    expect(await stream.ended).toMatch(/retry: \d+\n\n$/);
    expect(await app.exited).toBe(0);
    expect(performance.now() - signalled).toBeLessThan(5_000);
  });
});
