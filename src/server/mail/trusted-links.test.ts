import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { as, createTestApp, signUp, type TestApp } from '#server/test/app.js';
import { createJob, makeProvider } from '#server/test/factories.js';
import { startMailServer, type TestMailServer } from '#server/test/smtp.js';

// Issue 36: a Host (or X-Forwarded-Host) that a request chose never aims a link in an email
// (docs/decisions/032-trusted-links-and-quiet-logs.md).

let smtp: TestMailServer;
let direct: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  smtp = await startMailServer();
  direct = await createTestApp({ SMTP_URL: smtp.url, PORT: '5123' }, { mail: { pollMs: 50 } });
  proxied = await createTestApp({ SMTP_URL: smtp.url, PORT: '5123', TRUST_PROXY: '1' }, { mail: { pollMs: 50 } });
});
afterAll(async () => {
  await direct?.close();
  await proxied?.close();
  await smtp.close();
});

async function mailTo(email: string, count = 1, list = (to: string) => smtp.to(to)): Promise<ParsedMail> {
  for (let i = 0; i < 200 && list(email).length < count; i++) await new Promise((r) => setTimeout(r, 25));
  const mail = list(email)[count - 1];
  if (!mail) throw new Error(`no email to ${email}`);
  return mail;
}

/** Every absolute link in an email: its text, its HTML and its List-Unsubscribe header. */
function linksIn(mail: ParsedMail): string[] {
  const unsubscribe = mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? '';
  return [mail.text ?? '', String(mail.html), unsubscribe.replace(/\r?\n\s+/g, ' ')].flatMap((part) =>
    (part.match(/https?:\/\/[^\s"<>)]+/g) ?? []).map((link) => link.replace(/\.$/, '')),
  );
}

const forgedHost = { host: 'evil.example', origin: 'http://evil.example' };
const forgedForwardedHost = { host: '127.0.0.1:5123', 'x-forwarded-host': 'evil.example' };

describe.each([
  ['a forged Host', () => direct, forgedHost, 'http://localhost:5123'],
  ['a forged X-Forwarded-Host with TRUST_PROXY', () => proxied, forgedForwardedHost, 'http://127.0.0.1:5123'],
])('links in emails asked for with %s', (_name, t, headers, expected) => {
  it('point the password reset at the app', async () => {
    const { app } = t();
    const user = await signUp(app);
    const asked = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.user.email },
      headers,
    });
    expect(asked.statusCode).toBe(202);
    const links = linksIn(await mailTo(user.user.email));
    expect(links.some((link) => link.startsWith(`${expected}/reset-password?token=`))).toBe(true);
    expect(links.every((link) => link.startsWith(`${expected}/`) || link === expected)).toBe(true);
  });

  it('point the confirmation email of a new account at the app', async () => {
    const { app } = t();
    const email = `confirm-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'correct horse battery', firstName: 'Ana', lastName: 'Ruiz' },
      headers,
    });
    expect(registered.statusCode).toBe(201);
    const links = linksIn(await mailTo(email, 1, (to) => smtp.confirmationsTo(to)));
    expect(links.some((link) => link.startsWith(`${expected}/verify-email?token=`))).toBe(true);
    expect(links.every((link) => link.startsWith(`${expected}/`) || link === expected)).toBe(true);
  });

  it('point a bid email to the job owner, and its List-Unsubscribe, at the app', async () => {
    const { app } = t();
    const owner = await signUp(app);
    const job = await createJob(app.db, owner.user.id, { title: 'Fix the gate' });
    const provider = await makeProvider(app, 20);
    const bid = await as(
      app,
      provider,
    )({
      method: 'POST',
      url: `/api/jobs/${job.id}/bids`,
      payload: { amount: '150' },
      headers,
    });
    expect(bid.statusCode).toBe(201);
    const mail = await mailTo(owner.user.email);
    const links = linksIn(mail);
    expect(links).toContain(`${expected}/jobs/${job.id}`);
    const unsubscribe = /<([^>]+)>/.exec(mail.headerLines.find((h) => h.key === 'list-unsubscribe')!.line)![1]!;
    expect(unsubscribe.startsWith(`${expected}/api/email/unsubscribe?token=`)).toBe(true);
    expect(links.every((link) => link.startsWith(`${expected}/`) || link === expected)).toBe(true);
    expect(JSON.stringify(links)).not.toContain('evil.example');
  });
});
