/**
 * JavaScript bytes the landing page costs over the wire, plain versus as served.
 *
 *   npm run build && npx tsx --conditions=source bench/landing-bytes.ts
 *
 * Starts the built server (dist/) on a free port with a fresh DATA_DIR, opens / in Chromium to learn
 * which scripts the landing page really loads, then fetches each one twice with raw HTTP: with
 * `Accept-Encoding: identity` (what the server sent before precompression) and with the header a
 * browser sends (`gzip, deflate, br`). Prints one row per script and the totals.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { freePort } from '#server/test/ports.js';

const ROOT = new URL('..', import.meta.url).pathname;

function wireBytes(url: string, encoding: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': encoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ bytes, encoding: String(response.headers['content-encoding'] ?? 'none') }));
    })
      .on('error', reject)
      .end();
  });
}

const port = await freePort();
const env: Record<string, string | undefined> = { ...process.env, PORT: String(port), HOST: '127.0.0.1' };
for (const name of ['NODE_ENV', 'CLIENT_DIR', 'DATABASE_URL', 'DEV_SERVER']) delete env[name];
env.DATA_DIR = mkdtempSync(join(tmpdir(), 'tradesbid-bench-'));
env.LOG_LEVEL = 'warn';
const child = spawn(process.execPath, [join(ROOT, 'dist/server/server/main.js')], { cwd: ROOT, env, stdio: 'inherit' });
const url = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // starting
    }
    if (i > 300) throw new Error('server not ready');
    await new Promise((r) => setTimeout(r, 200));
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
  const page = await browser.newPage();
  const scripts = new Set<string>();
  page.on('request', (r) => {
    if (r.resourceType() === 'script' && r.url().startsWith(url)) scripts.add(r.url());
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await browser.close();

  const rows: string[][] = [];
  let plainTotal = 0;
  let servedTotal = 0;
  for (const script of [...scripts].sort()) {
    const plain = await wireBytes(script, 'identity');
    const served = await wireBytes(script, 'gzip, deflate, br');
    plainTotal += plain.bytes;
    servedTotal += served.bytes;
    rows.push([new URL(script).pathname, String(plain.bytes), String(served.bytes), served.encoding]);
  }
  rows.push(['TOTAL (' + scripts.size + ' scripts)', String(plainTotal), String(servedTotal), '']);
  const header = ['script', 'uncompressed bytes', 'as served bytes', 'encoding'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => '| ' + cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ') + ' |';
  console.log(line(header));
  console.log('|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|');
  for (const row of rows) console.log(line(row));
} finally {
  child.kill('SIGTERM');
}
