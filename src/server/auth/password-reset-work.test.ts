import crypto, { createHash } from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordResetTokens } from '#server/db/schema/index.js';
import { createTestApp, signUp, type TestApp } from '#server/test/app.js';

// Issue 36 points 5 and 7: no timing assertions; what each path does is observed instead.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const blocked = (ms: number) => new Promise<'blocked'>((resolve) => setTimeout(() => resolve('blocked'), ms));

describe('forgot password', () => {
  it('answers 202 before it looks the email up, for a known and an unknown email alike', async () => {
    const known = await signUp(t.app);
    // Every transaction of the app waits at this gate: an answer that needed the lookup could not arrive.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const transaction = t.app.db.transaction.bind(t.app.db);
    const held = vi
      .spyOn(t.app.db, 'transaction')
      .mockImplementation(async (...args) => gate.then(() => transaction(...args)));
    try {
      for (const email of [known.user.email, 'nobody-here@example.com']) {
        const answer = await Promise.race([post('/api/auth/forgot-password', { email }), blocked(3000)]);
        expect(answer === 'blocked' ? answer : answer.statusCode).toBe(202);
      }
      expect(held).toHaveBeenCalledTimes(2);
    } finally {
      open();
      held.mockRestore();
    }
    // The work still happens, after the answer: the known email gets its token.
    for (let i = 0; i < 200; i++) {
      const rows = await t.app.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, known.user.id));
      if (rows.length === 1) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('no reset token was written');
  });
});

describe('reset password', () => {
  it('refuses a made-up token without hashing the new password, and hashes once for a live one', async () => {
    const user = await signUp(t.app);
    const token = crypto.randomBytes(32).toString('base64url');
    await t.app.db.insert(passwordResetTokens).values({
      userId: user.user.id,
      tokenHash: createHash('sha256').update(token).digest('base64url'),
      expiresAt: new Date(Date.now() + 60_000),
    });
    // password.ts reaches scrypt through node:crypto's named export; sync it with the spied object.
    const scrypt = vi.spyOn(crypto, 'scrypt');
    syncBuiltinESMExports();
    try {
      const refused = await post('/api/auth/reset-password', { token: 'made-up', password: 'a new password 1' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('invalid_token');
      expect(scrypt).not.toHaveBeenCalled();

      expect((await post('/api/auth/reset-password', { token, password: 'a new password 1' })).statusCode).toBe(200);
      expect(scrypt).toHaveBeenCalledTimes(1);
    } finally {
      scrypt.mockRestore();
      syncBuiltinESMExports();
    }
  });
});
