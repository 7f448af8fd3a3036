import { Agent, request } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieOf } from '#server/test/cookies.js';
import { multipart } from '#server/test/uploads.js';
import { startApp, type RunningApp } from './support/app.js';

/** A photo large enough that re-encoding it keeps the server busy for a moment. */
function photo(i: number): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 40 + i, g: 90, b: 160 } } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/**
 * POST /api/uploads on one of the agent's open connections: `sent` resolves once the whole request is on
 * the wire, `status` with the answer.
 */
function upload(url: string, agent: Agent, cookie: string, data: Buffer, i: number) {
  const { payload, headers } = multipart([{ data, filename: `photo-${i}.jpg`, contentType: 'image/jpeg' }]);
  let sent!: () => void;
  const sentPromise = new Promise<void>((r) => (sent = r));
  const status = new Promise<number>((resolve, reject) => {
    const req = request(
      `${url}/api/uploads`,
      {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-length': String(payload.length), cookie, origin: url },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.on('finish', sent);
    req.end(payload);
  });
  return { sent: sentPromise, status };
}

function fetchStatus(url: string, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    })
      .on('error', reject)
      .end();
  });
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

// docs/contract.md §3.8: SIGTERM lets requests in flight finish, ends event streams with a retry hint, closes idle
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

    // Twelve connections the server has accepted, kept alive, then an upload on each. A connection still
    // waiting in the kernel for the server to accept it is not in flight: a balancer stops sending before
    // SIGTERM (docs/deploy.md), and the server never saw it.
    const agent = new Agent({ keepAlive: true, maxSockets: 12 });
    const warm = await Promise.all(Array.from({ length: 12 }, () => fetchStatus(`${app.url}/api/categories`, agent)));
    expect(warm).toEqual(Array(12).fill(200));
    const photos = await Promise.all(Array.from({ length: 12 }, (_, i) => photo(i)));
    const uploads = photos.map((data, i) => upload(app.url, agent, cookie, data, i));
    // Every upload is wholly sent and being read and re-encoded by the server when the signal comes.
    await Promise.all(uploads.map((u) => u.sent));
    await new Promise((r) => setTimeout(r, 250));
    const signalled = performance.now();
    process.kill(app.pid!, 'SIGTERM');

    const statuses = await Promise.all(uploads.map((u) => u.status));
    expect(statuses).toEqual(Array(12).fill(201));
    agent.destroy();
    expect(await stream.ended).toMatch(/retry: \d+\n\n$/);
    expect(await app.exited).toBe(0);
    // At once means as soon as the last answer is out, not at the 10 s deadline that forces an exit (main.ts).
    expect(performance.now() - signalled).toBeLessThan(9_000);
  });
});
