import { eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.js';
import { migrationsFolder, openDatabase, rowsOf, type Database } from '#server/db/client.js';
import { categories, emailOutbox, jobs, leadFanouts } from '#server/db/schema/index.js';
import { EVENTS_CHANNEL } from '#server/events/index.js';
import { as, testConfig, type Session } from '#server/test/app.js';
import { createTestDatabase } from '#server/test/database.js';
import { createJob, makeProvider } from '#server/test/factories.js';
import { fanOutLeads } from './index.js';

// Lead alerts leave after the post commits (docs/decisions/046-lead-fanout-after-commit.md). The app's lead worker
// polls once an hour here: only a commit's wake runs it, so a fan-out row written without one waits for whoever
// the test sends (a second worker, a second instance).

const config = testConfig();
let database: Database & { url: string | null };
let app: FastifyInstance;
let plumbing: number;
const matched: { userId: string; jobId: string; title: string }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(config, { database, serveClient: false, leads: { pollMs: 3_600_000 } });
  await app.ready();
  const [category] = await app.db.select().from(categories).where(eq(categories.slug, 'plumbing'));
  plumbing = category!.id;
  await database.listen(EVENTS_CHANNEL, (payload) => {
    const event = JSON.parse(payload) as { u: string; t: string; d?: { job: { id: string; title: string } } };
    if (event.t === 'job.matched') matched.push({ userId: event.u, jobId: event.d!.job.id, title: event.d!.job.title });
  });
});
afterAll(() => app?.close());

const call = (session: Session, method: 'POST' | 'PATCH', url: string, payload: object) =>
  as(app, session)({ method, url, payload, headers: { host: 'localhost:8081' } });

/** `count` providers offering plumbing within 10 miles of `zipCode`. */
async function plumbers(zipCode: string, count: number): Promise<Session[]> {
  const made: Session[] = [];
  for (let i = 0; i < count; i++) {
    const session = await makeProvider(app);
    await call(session, 'POST', '/api/business-profile', {
      businessName: `Pipes ${i} Co`,
      businessType: 'llc',
      description: 'Licensed crews for repairs and remodels.',
      phone: '(512) 555-0101',
    });
    expect(
      (await call(session, 'POST', '/api/business-profile/capabilities', { categoryId: plumbing })).statusCode,
    ).toBe(201);
    expect((await call(session, 'POST', '/api/business-profile/areas', { zipCode, radiusMiles: 10 })).statusCode).toBe(
      201,
    );
    made.push(session);
  }
  return made;
}

const post = (owner: Session, zipCode: string, title: string) =>
  call(owner, 'POST', '/api/jobs', {
    categoryId: plumbing,
    title,
    description: 'The pipe under the kitchen sink drips all day long.',
    zipCode,
    city: 'Somewhere',
    state: 'US',
  });

/** Jobs whose post committed with its fan-out row but whose wake was lost (no NOTIFY): no worker has run for them. */
async function postedWithoutWake(owner: Session, zipCode: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const job = await createJob(app.db, owner.user.id, { categoryId: plumbing, zipCode, title: `Unwoken ${i}` });
    await app.db.insert(leadFanouts).values({ jobId: job.id, origin: 'http://localhost:8081' });
    ids.push(job.id);
  }
  return ids;
}

/** Each provider's job.matched events for the job: one entry per event. */
const eventsFor = (jobId: string) =>
  matched
    .filter((event) => event.jobId === jobId)
    .map((event) => event.userId)
    .sort();
const leadEmailKeys = async (jobId: string) =>
  (
    await app.db
      .select({ key: emailOutbox.dedupeKey })
      .from(emailOutbox)
      .where(like(emailOutbox.dedupeKey, `lead:${jobId}:%`))
  )
    .map((row) => row.key!.split(':')[2]!)
    .sort();
const pendingFanouts = async (jobIds: string[]) =>
  (await app.db.select().from(leadFanouts)).filter((row) => jobIds.includes(row.jobId) && row.doneAt === null).length;
const ids = (sessions: Session[]) => sessions.map((s) => s.user.id).sort();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('lead alerts after the post commits', () => {
  it('leave moments after the commit, woken by it: each matching provider once, never the owner', async () => {
    const [owner, ...providers] = await plumbers('78701', 4);
    const posted = await post(owner!, '78701', 'Fix the leaking sink');
    expect(posted.statusCode).toBe(201);
    const { id } = posted.json() as { id: string };
    // The worker polls once an hour: only the commit's wake can have run it.
    await expect.poll(() => eventsFor(id), { timeout: 5_000 }).toEqual(ids(providers));
    expect(await leadEmailKeys(id)).toEqual(ids(providers));
    expect(await pendingFanouts([id])).toBe(0);
    await sleep(300);
    expect(eventsFor(id)).toEqual(ids(providers));
  });

  it('none for a post that rolls back after the job was written: no fan-out row, no event, no email', async () => {
    const [owner, provider] = await plumbers('10001', 2);
    // The commit itself fails, after the job, its fan-out row and the wake were written in the transaction.
    await app.db.execute(sql`
      create function refuse_doomed_job() returns trigger language plpgsql as $$
      begin
        if new.title = 'Doomed job' then raise exception 'refused at commit'; end if;
        return new;
      end $$`);
    await app.db.execute(sql`
      create constraint trigger refuse_doomed_job after insert on jobs deferrable initially deferred
      for each row execute function refuse_doomed_job()`);
    const doomed = await post(owner!, '10001', 'Doomed job');
    expect(doomed.statusCode).toBeGreaterThanOrEqual(500);
    const fine = await post(owner!, '10001', 'Fine job');
    expect(fine.statusCode).toBe(201);
    const { id } = fine.json() as { id: string };
    await expect.poll(() => eventsFor(id), { timeout: 5_000 }).toEqual([provider!.user.id]);

    expect(await app.db.select().from(jobs).where(eq(jobs.title, 'Doomed job'))).toEqual([]);
    const fanouts = await app.db
      .select({ title: jobs.title })
      .from(leadFanouts)
      .innerJoin(jobs, eq(jobs.id, leadFanouts.jobId))
      .where(eq(jobs.customerId, owner!.user.id));
    expect(fanouts).toEqual([{ title: 'Fine job' }]);
    expect(matched.filter((event) => event.title === 'Doomed job')).toEqual([]);
    const doomedMail = await app.db.select().from(emailOutbox).where(like(emailOutbox.subject, '%Doomed job%'));
    expect(doomedMail).toEqual([]);
  });

  it('a worker that fails mid-way rolls back whole; the next alerts each provider once', async () => {
    const [owner, ...providers] = await plumbers('60601', 3);
    // The first lead email of this area fails, after the fan-out had queued its events: the worker 'dies' there.
    await app.db.execute(sql`create sequence lead_email_failures`);
    await app.db.execute(sql`
      create function fail_first_lead_email() returns trigger language plpgsql as $$
      begin
        if new.subject like '%Chicago drain%' then
          if nextval('lead_email_failures') = 1 then raise exception 'the worker died'; end if;
        end if;
        return new;
      end $$`);
    await app.db.execute(sql`
      create trigger fail_first_lead_email before insert on email_outbox
      for each row execute function fail_first_lead_email()`);
    const posted = await post(owner!, '60601', 'Chicago drain');
    expect(posted.statusCode).toBe(201);
    const { id } = posted.json() as { id: string };
    await expect
      .poll(
        async () => rowsOf(await app.db.execute(sql`select last_value::int as n, is_called from lead_email_failures`)),
        {
          timeout: 5_000,
        },
      )
      .toEqual([{ n: 1, is_called: true }]);
    await sleep(300);
    // Rolled back: nothing left, the row still pending for the next run.
    expect(eventsFor(id)).toEqual([]);
    expect(await leadEmailKeys(id)).toEqual([]);
    expect(await pendingFanouts([id])).toBe(1);

    expect(await fanOutLeads(app.db, config)).toBe(1);
    await expect.poll(() => eventsFor(id), { timeout: 5_000 }).toEqual(ids(providers));
    expect(await leadEmailKeys(id)).toEqual(ids(providers));
    expect(await pendingFanouts([id])).toBe(0);
  });

  it('a fan-out that keeps failing holds up no other job: it stays pending, the later ones are alerted', async () => {
    const [owner, provider] = await plumbers('94103', 2);
    await app.db.execute(sql`
      create function fail_poison_job() returns trigger language plpgsql as $$
      begin
        if new.subject like '%Poison pipe%' then raise exception 'always fails'; end if;
        return new;
      end $$`);
    await app.db.execute(sql`
      create trigger fail_poison_job before insert on email_outbox for each row execute function fail_poison_job()`);
    const [poison, later] = await postedWithoutWake(owner!, '94103', 2);
    await app.db.update(jobs).set({ title: 'Poison pipe' }).where(eq(jobs.id, poison!));
    await expect(fanOutLeads(app.db, config)).rejects.toThrow();
    await expect.poll(() => eventsFor(later!), { timeout: 5_000 }).toEqual([provider!.user.id]);
    expect(eventsFor(poison!)).toEqual([]);
    expect(await pendingFanouts([poison!, later!])).toBe(1);
    await app.db.execute(sql`drop trigger fail_poison_job on email_outbox`);
    expect(await fanOutLeads(app.db, config)).toBe(1);
    await expect.poll(() => eventsFor(poison!), { timeout: 5_000 }).toEqual([provider!.user.id]);
  });
});

describe('a job no longer open when its turn comes', () => {
  it('alerts nobody, and its fan-out is done', async () => {
    const [owner, provider] = await plumbers('80202', 2);
    const [cancelled, open] = await postedWithoutWake(owner!, '80202', 2);
    await app.db.update(jobs).set({ status: 'cancelled' }).where(eq(jobs.id, cancelled!));
    expect(await fanOutLeads(app.db, config)).toBe(2);
    await expect.poll(() => eventsFor(open!), { timeout: 5_000 }).toEqual([provider!.user.id]);
    await sleep(300);
    expect(eventsFor(cancelled!)).toEqual([]);
    expect(await leadEmailKeys(cancelled!)).toEqual([]);
    expect(await pendingFanouts([cancelled!, open!])).toBe(0);
  });
});

describe('lead workers on many instances', () => {
  let second: Database | null = null;
  let later: FastifyInstance | null = null;
  beforeAll(async () => {
    // A second pool on the same PostgreSQL database, as a second process has; the one PGlite otherwise.
    if (database.url) {
      second = await openDatabase({
        url: database.url,
        pgliteDir: null,
        migrationsFolder: migrationsFolder(config.rootDir),
        poolSize: 5,
      });
    }
  });
  afterAll(async () => {
    // Before the first app: closing it drops a PostgreSQL test database.
    if (later) await later.close();
    else await second?.close();
  });

  it('two workers racing on the same pending rows alert each provider exactly once', async () => {
    const [owner, ...providers] = await plumbers('98101', 3);
    const jobIds = await postedWithoutWake(owner!, '98101', 8);
    const runs = await Promise.all([
      fanOutLeads(app.db, config),
      fanOutLeads((second ?? database).db, config),
      fanOutLeads(app.db, config),
    ]);
    expect(runs.reduce((sum, n) => sum + n, 0)).toBe(8);
    expect(await pendingFanouts(jobIds)).toBe(0);
    await expect.poll(() => jobIds.flatMap(eventsFor).length, { timeout: 5_000 }).toBe(8 * providers.length);
    await sleep(300);
    for (const jobId of jobIds) {
      expect(eventsFor(jobId)).toEqual(ids(providers));
      expect(await leadEmailKeys(jobId)).toEqual(ids(providers));
    }
  });

  it('jobs posted while no worker ran are alerted when an instance starts', async () => {
    const [owner, ...providers] = await plumbers('33130', 2);
    const jobIds = await postedWithoutWake(owner!, '33130', 3);
    await sleep(300);
    expect(jobIds.flatMap(eventsFor)).toEqual([]);
    later = await buildApp(config, { database: second ?? database, serveClient: false });
    await later.ready();
    await expect.poll(() => jobIds.flatMap(eventsFor).length, { timeout: 10_000 }).toBe(3 * providers.length);
    expect(await pendingFanouts(jobIds)).toBe(0);
    for (const jobId of jobIds) expect(eventsFor(jobId)).toEqual(ids(providers));
  }, 60_000);
});
