import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the installable app (docs/contract.md §3.10)', () => {
  it('serves the manifest as application/manifest+json: names, start_url, standalone, colours, icons', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = response.json();
    expect(manifest).toMatchObject({
      name: 'TradesBid',
      short_name: 'TradesBid',
      start_url: '/',
      display: 'standalone',
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    const icons = manifest.icons as { sizes: string; type: string; purpose: string }[];
    expect(icons.filter((i) => i.purpose === 'any').map((i) => i.sizes)).toEqual(['192x192', '512x512']);
    expect(icons.some((i) => i.purpose === 'maskable')).toBe(true);
    expect(icons.every((i) => i.type === 'image/png')).toBe(true);
  });

  it('serves the offline page of each language, and no other', async () => {
    const es = await t.app.inject({ method: 'GET', url: '/offline/es' });
    expect(es.statusCode).toBe(200);
    expect(es.headers['content-type']).toMatch(/^text\/html/);
    expect(es.body).toContain('<html lang="es">');
    expect(es.body).toContain('Estás sin conexión');
    expect((await t.app.inject({ method: 'GET', url: '/offline/en' })).body).toContain('You are offline');
    expect((await t.app.inject({ method: 'GET', url: '/offline/fr' })).statusCode).toBe(400);
  });

  it('lets the page load its manifest and worker under the CSP', async () => {
    const csp = String((await t.app.inject({ method: 'GET', url: '/offline/en' })).headers['content-security-policy']);
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("worker-src 'self'");
  });
});
