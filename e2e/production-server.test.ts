import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './support/app.js';
import { ROOT } from './support/build.js';
import { testTempDir } from '#server/test/temp-dir.js';

const MAIN = join(ROOT, 'dist/server/server/main.js');
const INDEX = join(ROOT, 'dist/client/index.html');
const built = existsSync(MAIN) && existsSync(INDEX);
if (!built) console.warn('\n!!! dist/ not built: run `npm run build` first (npm test does)\n');

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A GET with the raw bytes as sent (fetch would decompress them). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

// The README's `npm ci && npm run build && npm start`: the built server as its own process, with no
// NODE_ENV at all, on a free port and a fresh DATA_DIR (docs/contract.md §6).
describe.skipIf(!built)('the production server started as the README says', () => {
  let child: ChildProcess;
  let url: string;

  beforeAll(async () => {
    const port = await freePort();
    const env: Record<string, string | undefined> = { ...process.env, PORT: String(port), HOST: '127.0.0.1' };
    for (const name of ['NODE_ENV', 'CLIENT_DIR', 'DATABASE_URL', 'SEED_DEMO', 'DEV_SERVER']) delete env[name];
    env.DATA_DIR = testTempDir('tradesbid-start-');
    env.LOG_LEVEL = 'warn';
    child = spawn(process.execPath, [MAIN], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
    url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${url}/readyz`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('not ready within 60 s');
      await new Promise((r) => setTimeout(r, 200));
    }
  });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('serves the built client, never the Vite dev server, with index.html revalidated', async () => {
    for (const path of ['/', '/buy-credits']) {
      const page = await rawGet(`${url}${path}`);
      expect(page.status).toBe(200);
      const html = page.body.toString('utf8');
      expect(html).not.toContain('/@vite/client');
      expect(html).not.toContain('main.tsx');
      expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends a hashed asset immutable and compressed, brotli or gzip as the browser accepts', async () => {
    const html = readFileSync(INDEX, 'utf8');
    const script = /src="(\/assets\/index-[\w-]+\.js)"/.exec(html)![1]!;
    const plain = await rawGet(`${url}${script}`, { 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const br = await rawGet(`${url}${script}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);

    const gz = await rawGet(`${url}${script}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.length).toBeLessThan(plain.body.length / 2);
  });

  it('answers the API and unknown API paths as JSON', async () => {
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const missing = await fetch(`${url}/api/nothing-here`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'not_found' });
  });
});
