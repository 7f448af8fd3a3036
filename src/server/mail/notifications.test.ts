import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signUp, type Session, type TestApp } from '#server/test/app.js';
import { createJob, makeProvider } from '#server/test/factories.js';
import { startMailServer, type TestMailServer } from '#server/test/smtp.js';
import { backgroundOrigin } from '#server/http/context.js';
import { expireStaleJobs } from '#server/projects/index.js';

let t: TestApp;
let smtp: TestMailServer;
beforeAll(async () => {
  smtp = await startMailServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MESSAGE_EMAIL_DELAY_SECONDS: '1' }, { mail: { pollMs: 50 } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const call = (s: Session | null, method: string, url: string, payload?: object) =>
  as(t.app, s)({ method: method as 'POST', url, ...(payload ? { payload } : {}), headers: { host: '127.0.0.1:8080' } });
async function mailsTo(s: Session, count: number, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (smtp.to(s.user.email).length < count && Date.now() < deadline) await sleep(25);
  return smtp.to(s.user.email);
}

// Providers bid from 50 credits: a bid that left fewer than 27 would add the low-balance email (decision 042).
describe('notification emails', () => {
  it('tell an owner about a bid and a provider about their hire, each in their own language', async () => {
    const owner = await signUp(t.app, { firstName: 'Olga' });
    await call(owner, 'PATCH', '/api/auth/user', { language: 'es' });
    const job = await createJob(t.app.db, owner.user.id, { title: 'Paint the fence' });
    const provider = await makeProvider(t.app, 50);
    expect((await call(provider, 'POST', `/api/jobs/${job.id}/bids`, { amount: '300' })).statusCode).toBe(201);
    const [bidMail] = await mailsTo(owner, 1);
    expect(bidMail!.subject).toBe('Nueva oferta en Paint the fence');
    expect(bidMail!.text).toContain('ofertó $300.00 en tu trabajo «Paint the fence»');
    expect(bidMail!.text).toContain(`Comparar las ofertas: http://127.0.0.1:8080/jobs/${job.id}`);

    const bidId = (await call(owner, 'GET', `/api/jobs/${job.id}/bids`)).json()[0].id;
    expect((await call(owner, 'POST', `/api/jobs/${job.id}/bids/${bidId}/accept`)).statusCode).toBe(200);
    const [hired] = await mailsTo(provider, 1);
    expect(hired!.subject).toBe('You are hired: Paint the fence');
    expect(hired!.text).toContain('Olga');
  });

  it('tell each refunded bidder when the expiry sweep cancels a dead lead, linking to PUBLIC_URL or this instance', async () => {
    const owner = await signUp(t.app);
    const old = new Date(Date.now() - (t.config.jobExpiryDays + 1) * 24 * 60 * 60 * 1000);
    const job = await createJob(t.app.db, owner.user.id, { title: 'Old dead lead', createdAt: old });
    const provider = await makeProvider(t.app, 50);
    expect((await call(provider, 'POST', `/api/jobs/${job.id}/bids`, { amount: '120' })).statusCode).toBe(201);
    const expired = await expireStaleJobs(t.app.db, t.config.jobExpiryDays, new Date(), {
      config: t.config,
      origin: backgroundOrigin(t.config),
    });
    expect(expired).toContain(job.id);
    const mails = await mailsTo(provider, 1);
    const refund = mails.find((m) => m.text?.includes('Old dead lead'));
    expect(refund).toBeDefined();
    expect(refund!.text).toContain(`http://localhost:${t.config.port}`);
  });

  it('stop for a kind after a one-click unsubscribe that carries no session and no Origin', async () => {
    const owner = await signUp(t.app);
    const provider = await makeProvider(t.app, 30);
    const first = await createJob(t.app.db, owner.user.id, { title: 'First job' });
    await call(provider, 'POST', `/api/jobs/${first.id}/bids`, { amount: '100' });
    const [mail] = await mailsTo(owner, 1);
    const link = /<([^>]+)>/.exec(
      mail!.headerLines.find((h) => h.key === 'list-unsubscribe')!.line.replace(/\r?\n\s+/g, ' '),
    )![1]!;
    expect(mail!.text).toContain(link);
    const url = new URL(link);

    // Following the link in the body (a GET) changes nothing: it shows the button that POSTs.
    const page = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    expect((await call(owner, 'GET', '/api/auth/user')).json().emailNotifications.bids).toBe(true);

    const forged = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}?token=${encodeURIComponent(url.searchParams.get('token')!.replace(/bids/, 'leads'))}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(400);
    const oneClick = await t.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    const user = (await call(owner, 'GET', '/api/auth/user')).json();
    expect(user.emailNotifications).toEqual({ leads: true, bids: false, messages: true, hires: true, requests: true });

    const second = await createJob(t.app.db, owner.user.id, { title: 'Second job' });
    expect((await call(provider, 'POST', `/api/jobs/${second.id}/bids`, { amount: '100' })).statusCode).toBe(201);
    await sleep(600);
    expect(smtp.to(owner.user.email)).toHaveLength(1);
  });

  it('email a message still unread after the delay, once per conversation until it is read', async () => {
    const owner = await signUp(t.app);
    const provider = await makeProvider(t.app, 50);
    const job = await createJob(t.app.db, owner.user.id, { title: 'Tile the bathroom' });
    await call(provider, 'POST', `/api/jobs/${job.id}/bids`, { amount: '500' });
    await mailsTo(owner, 1); // the bid
    const send = (content: string) =>
      call(provider, 'POST', '/api/messages', { jobId: job.id, receiverId: owner.user.id, content });
    const sent = await send('Can I come <Tuesday>?');
    expect(sent.statusCode).toBe(201);
    await send('Or Wednesday.');
    await sleep(400);
    expect(smtp.to(owner.user.email)).toHaveLength(1); // not before the delay
    const mails = await mailsTo(owner, 2);
    await sleep(1500);
    expect(smtp.to(owner.user.email)).toHaveLength(2); // once for both unread messages
    expect(mails[1]!.subject).toMatch(/^Unread message from /);
    expect(mails[1]!.text).toContain('> Can I come <Tuesday>?');
    expect(mails[1]!.html).toContain('Can I come &lt;Tuesday&gt;?');

    const conversationId = sent.json().conversationId;
    expect((await call(owner, 'POST', `/api/conversations/${conversationId}/mark-read`)).statusCode).toBe(200);
    await send('Friday then?');
    await mailsTo(owner, 3);
    expect(smtp.to(owner.user.email)[2]!.text).toContain('> Friday then?');

    // Read in time: no email.
    await call(owner, 'POST', `/api/conversations/${conversationId}/mark-read`);
    await send('See you.');
    await call(owner, 'POST', `/api/conversations/${conversationId}/mark-read`);
    await sleep(1800);
    expect(smtp.to(owner.user.email)).toHaveLength(3);
  });
});
