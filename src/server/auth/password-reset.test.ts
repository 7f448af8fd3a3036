import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens, sessions } from '#server/db/schema/index.js';
import { as, createTestApp, sessionCookie, signUp, type TestApp } from '#server/test/app.js';
import { startMailServer, type TestMailServer } from '#server/test/smtp.js';

let t: TestApp;
let smtp: TestMailServer;
beforeAll(async () => {
  smtp = await startMailServer();
  t = await createTestApp({ SMTP_URL: smtp.url }, { mail: { pollMs: 50 } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { host: 'localhost:8080', ...headers } });

async function resetLinkFor(email: string): Promise<{ url: URL; text: string; subject: string }> {
  const before = smtp.to(email).length;
  const response = await post('/api/auth/forgot-password', { email });
  expect(response.statusCode).toBe(202);
  for (let i = 0; i < 200 && smtp.to(email).length === before; i++) await new Promise((r) => setTimeout(r, 25));
  const mail = smtp.to(email).at(-1)!;
  const link = /(http:\/\/\S+\/reset-password\?token=\S+)/.exec(mail.text ?? '')![1]!;
  return { url: new URL(link), text: mail.text!, subject: mail.subject! };
}

describe('password reset', () => {
  it('answers 202 for any email and mails only a known one', async () => {
    const unknown = await post('/api/auth/forgot-password', { email: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(202);
    expect((await post('/api/auth/forgot-password', { email: 'not an email' })).statusCode).toBe(400);
    const ana = await signUp(t.app, { firstName: 'Ana' });
    const { url, text, subject } = await resetLinkFor(ana.user.email);
    expect(subject).toBe('Reset your TradesBid password');
    expect(url.origin).toBe('http://localhost:8080');
    expect(text).toContain('Hi Ana,');
    expect(smtp.to('nobody@example.com')).toHaveLength(0);
    // Only a hash of the token is stored.
    const rows = await t.app.db.select().from(passwordResetTokens);
    expect(rows.some((r) => r.tokenHash === url.searchParams.get('token'))).toBe(false);
  });

  it('sets the new password, ends every other session and signs the caller in with a new session, once', async () => {
    const user = await signUp(t.app, { password: 'old password 1' });
    const elsewhere = await post('/api/auth/login', { email: user.user.email, password: 'old password 1' });
    const otherCookie = sessionCookie(elsewhere);
    const { url } = await resetLinkFor(user.user.email);
    const token = url.searchParams.get('token')!;

    expect((await post('/api/auth/reset-password', { token, password: 'short' })).statusCode).toBe(400);
    const reset = await post('/api/auth/reset-password', { token, password: 'brand new password' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ id: user.user.id });
    const newCookie = sessionCookie(reset);
    expect(newCookie).not.toBe(user.cookie);

    for (const old of [user.cookie, otherCookie]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: old } })).statusCode).toBe(
        401,
      );
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: newCookie } })).statusCode,
    ).toBe(200);
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, user.user.id))).toHaveLength(1);

    const again = await post('/api/auth/reset-password', { token, password: 'another new password' });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('invalid_token');
    expect((await post('/api/auth/login', { email: user.user.email, password: 'old password 1' })).statusCode).toBe(
      401,
    );
    expect((await post('/api/auth/login', { email: user.user.email, password: 'brand new password' })).statusCode).toBe(
      200,
    );
  });

  it('refuses a made-up or expired token with invalid_token', async () => {
    const made = await post('/api/auth/reset-password', { token: 'x'.repeat(43), password: 'brand new password' });
    expect(made.statusCode).toBe(400);
    expect(made.json().code).toBe('invalid_token');

    const user = await signUp(t.app);
    const { url } = await resetLinkFor(user.user.email);
    await t.app.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await post('/api/auth/reset-password', {
      token: url.searchParams.get('token')!,
      password: 'brand new password',
    });
    expect(expired.json().code).toBe('invalid_token');
  });

  it('writes to a Spanish user in Spanish', async () => {
    const user = await signUp(t.app);
    await as(t.app, user)({ method: 'PATCH', url: '/api/auth/user', payload: { language: 'es' } });
    const { subject, text } = await resetLinkFor(user.user.email);
    expect(subject).toBe('Restablece tu contraseña de TradesBid');
    expect(text).toContain('Elegir una contraseña nueva: http://localhost:8080/reset-password?token=');
  });
});
