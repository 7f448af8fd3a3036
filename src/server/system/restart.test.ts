import { describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.js';
import { users } from '#server/db/schema/index.js';
import { loadConfig } from '#server/config.js';
import { sessionCookie } from '#server/test/app.js';
import { testTempDir } from '#server/test/temp-dir.js';

// Each test starts the app twice on a PGlite on disk (initdb, migrations, a restart): far slower than the
// in-memory template the other files start from, so these get the time a loaded CI machine needs.
describe('restarting the embedded app', { timeout: 90_000 }, () => {
  it('keeps accounts and sessions in DATA_DIR, with the session secret generated once', async () => {
    const dataDir = testTempDir('tradesbid-restart-');
    // No SESSION_SECRET: the embedded default generates one into DATA_DIR and must reuse it.
    const config = () => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'false' });

    const first = await buildApp(config(), { serveClient: false });
    const registered = await first.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'keep@example.com', password: 'survives restarts', firstName: 'Kim', lastName: 'Park' },
    });
    expect(registered.statusCode).toBe(201);
    const cookie = sessionCookie(registered);
    await first.close();

    const second = await buildApp(config(), { serveClient: false });
    try {
      const me = await second.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
      expect(me.statusCode).toBe(200);
      expect(me.json().email).toBe('keep@example.com');
      const login = await second.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'keep@example.com', password: 'survives restarts' },
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('seeds the demo marketplace into an empty embedded database only once', async () => {
    const dataDir = testTempDir('tradesbid-demo-');
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    const first = await buildApp(config, { serveClient: false });
    const cfg = (await first.inject({ method: 'GET', url: '/api/config' })).json();
    expect(cfg.demoMode).toBe(true);
    const demo = cfg.demoAccounts.find((a: { role: string }) => a.role === 'customer');
    const login = await first.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: demo.email, password: demo.password },
    });
    expect(login.statusCode).toBe(200);
    // The demo promo code named on the login page works.
    expect(cfg.demoPromoCode).toBe('WELCOME10');
    const redeemed = await first.inject({
      method: 'POST',
      url: '/api/promo-codes/redeem',
      headers: { cookie: String(login.headers['set-cookie']).split(';')[0]! },
      payload: { code: 'welcome10' },
    });
    expect(redeemed.json()).toMatchObject({ success: true, creditsReceived: 10 });
    const usersBefore = await first.db.select().from(users);
    await first.close();

    const second = await buildApp(config, { serveClient: false });
    try {
      expect((await second.db.select().from(users)).length).toBe(usersBefore.length);
    } finally {
      await second.close();
    }
  });
});
