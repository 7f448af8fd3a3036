import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '#server/db/schema/index.js';
import { as, createTestApp, type Session, type TestApp } from '#server/test/app.js';
import { listenOnFreePort, openEventStream } from '#server/test/events.js';
import { makeProvider } from '#server/test/factories.js';
import { startMailServer, type TestMailServer } from '#server/test/smtp.js';

let t: TestApp;
let smtp: TestMailServer;
let baseUrl: string;
const ids: Record<string, number> = {};
beforeAll(async () => {
  smtp = await startMailServer();
  t = await createTestApp({ SMTP_URL: smtp.url }, { mail: { pollMs: 50 } });
  baseUrl = await listenOnFreePort(t.app);
  for (const row of await t.app.db.select().from(categories)) ids[row.slug] = row.id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const call = (session: Session, method: string, url: string, payload?: object) =>
  as(
    t.app,
    session,
  )({ method: method as 'POST', url, ...(payload ? { payload } : {}), headers: { host: 'localhost:8081' } });

/** A provider with a business profile offering `category` with one service area. */
async function provider(name: string, category: string, zipCode: string, radiusMiles: number, language = 'en') {
  const session = await makeProvider(t.app);
  await call(session, 'PATCH', '/api/auth/user', { language });
  expect(
    (
      await call(session, 'POST', '/api/business-profile', {
        businessName: `${name} Co`,
        businessType: 'llc',
        description: 'Licensed crews for repairs and remodels.',
        phone: '(512) 555-0101',
      })
    ).statusCode,
  ).toBe(201);
  expect(
    (await call(session, 'POST', '/api/business-profile/capabilities', { categoryId: ids[category] })).statusCode,
  ).toBe(201);
  expect((await call(session, 'POST', '/api/business-profile/areas', { zipCode, radiusMiles })).statusCode).toBe(201);
  return session;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('lead alerts', () => {
  it('reach every provider who offers the category and covers the ZIP, once, and never the owner', async () => {
    const near = await provider('Near', 'plumbing', '78701', 25);
    const wide = await provider('Wide', 'plumbing', '78201', 100); // San Antonio, about 75 miles away
    const spanish = await provider('Lejos', 'plumbing', '78702', 10, 'es');
    const far = await provider('Far', 'plumbing', '10001', 50); // New York
    const otherTrade = await provider('Volt', 'electrical', '78701', 25);
    const owner = await provider('Owner', 'plumbing', '78701', 25); // a provider posting a job in their own trade
    const quiet = await provider('Quiet', 'plumbing', '78701', 25);
    await call(quiet, 'PATCH', '/api/auth/user', { emailNotifications: { leads: false } });

    const stream = await openEventStream(baseUrl, near.cookie);
    const posted = await call(owner, 'POST', '/api/jobs', {
      categoryId: ids.plumbing,
      title: 'Fix the <leaking> sink',
      description: 'The pipe under the kitchen sink drips all day long.',
      zipCode: '78701',
      city: 'Austin',
      state: 'TX',
      budgetMin: '100',
      budgetMax: '250',
    });
    expect(posted.statusCode).toBe(201);
    const job = posted.json();

    // Within moments of the commit, not with the answer (docs/contract.md §3.7).
    const event = await stream.next('job.matched', (d) => d.job.id === job.id, 5000);
    expect(event.data.job).toMatchObject({ id: job.id, title: 'Fix the <leaking> sink', zipCode: '78701' });
    stream.close();

    await smtp.waitFor(3);
    await sleep(500);
    const to = (s: Session) => smtp.to(s.user.email);
    expect(to(near)).toHaveLength(1);
    expect(to(wide)).toHaveLength(1);
    expect(to(spanish)).toHaveLength(1);
    for (const none of [far, otherTrade, owner, quiet]) expect(to(none)).toHaveLength(0);

    const [english] = to(near);
    expect(english!.subject).toBe('New job near you: Fix the <leaking> sink');
    expect(english!.text).toContain(
      'A customer just posted a Plumbing job in Austin, TX (78701), inside your service area.',
    );
    expect(english!.text).toContain(`See the job and bid: http://localhost:8081/jobs/${job.id}`);
    expect(english!.html).toContain('Fix the &lt;leaking&gt; sink');
    const header = (name: string) => english!.headerLines.find((h) => h.key === name)?.line.replace(/\r?\n\s+/g, ' ');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(header('list-unsubscribe')).toMatch(
      /^List-Unsubscribe: <http:\/\/localhost:8081\/api\/email\/unsubscribe\?token=/,
    );

    const [spanishMail] = to(spanish);
    expect(spanishMail!.subject).toBe('Trabajo nuevo cerca de ti: Fix the <leaking> sink');
    expect(spanishMail!.text).toContain('Hola, Test:');
    expect(spanishMail!.text).toContain('trabajo de Plomería en Austin, TX (78701)');
  });

  it('alerts exactly the providers that search finds for the category and ZIP (one distance rule)', async () => {
    const owner = await provider('Poster', 'roofing', '73301', 5);
    const found = [await provider('R1', 'roofing', '78660', 20), await provider('R2', 'roofing', '78745', 3)];
    const before = smtp.received.length;
    const posted = await call(owner, 'POST', '/api/jobs', {
      categoryId: ids.roofing,
      title: 'Replace shingles',
      description: 'Storm damage on the north side of the roof.',
      zipCode: '78745',
      city: 'Austin',
      state: 'TX',
    });
    expect(posted.statusCode).toBe(201);
    const search = await call(owner, 'GET', `/api/providers/search?category=${ids.roofing}&location=78745&limit=100`);
    const searched = (search.json() as { id: string }[]).map((p) => p.id).filter((id) => id !== owner.user.id);
    // The alerts leave moments after the post commits (docs/decisions/046); wait for as many as search finds.
    await smtp.waitFor(before + searched.length);
    const alerted = [owner, ...found]
      .filter((s) => smtp.to(s.user.email).some((m) => m.subject?.includes('Replace shingles')))
      .map((s) => s.user.id);
    expect(searched.length).toBeGreaterThan(0);
    expect(alerted.sort()).toEqual(searched.sort());
  });
});
