import { randomUUID } from 'node:crypto';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '#shared/jobs.js';
import { categories, jobs } from '#server/db/schema/index.js';
import { as, createTestApp, signUp, type Session, type TestApp } from '#server/test/app.js';
import { uploadPngs } from '#server/test/uploads.js';

let t: TestApp;
let customer: Session;
let other: Session;
let plumbingId: number;

beforeAll(async () => {
  t = await createTestApp();
  customer = await signUp(t.app, { firstName: 'Maria' });
  other = await signUp(t.app, { firstName: 'Omar' });
  const [plumbing] = await t.app.db.select().from(categories).where(eq(categories.slug, 'plumbing'));
  plumbingId = plumbing!.id;
});
afterAll(() => t.close());

const validJob = () => ({
  categoryId: plumbingId,
  title: 'Fix the leaking kitchen sink',
  description: 'The pipe under the kitchen sink drips all day long.',
  zipCode: '78701',
  city: 'Austin',
  state: 'TX',
});

const postJob = (session: Session | null, payload: object) =>
  as(t.app, session)({ method: 'POST', url: '/api/jobs', payload });
const get = (session: Session | null, url: string) => as(t.app, session)({ method: 'GET', url });
const jobCount = async () => Number((await t.app.db.select({ n: count() }).from(jobs))[0]!.n);

function fieldMessages(body: { errors?: { path: string; message: string }[] }): Record<string, string> {
  return Object.fromEntries((body.errors ?? []).map((e) => [e.path, e.message]));
}

describe('categories', () => {
  it('lists every category with its slug, name and icon', async () => {
    const response = await get(null, '/api/categories');
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.length).toBeGreaterThanOrEqual(7);
    expect(list).toContainEqual({ id: plumbingId, slug: 'plumbing', name: 'Plumbing', icon: 'droplets' });
  });
});

describe('posting a job (spec §5)', () => {
  it('refuses a logged-out poster with 401 and writes nothing', async () => {
    const before = await jobCount();
    const response = await postJob(null, validJob());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthorized', code: 'unauthorized' });
    expect(await jobCount()).toBe(before);
  });

  it.each([
    ['categoryId', { categoryId: undefined }, 'Category is required'],
    ['categoryId', { categoryId: '' }, 'Category is required'],
    ['categoryId', { categoryId: 0 }, 'Category is required'],
    ['title', { title: 'ab' }, 'Title must be at least 3 characters'],
    ['title', { title: '  ab  ' }, 'Title must be at least 3 characters'],
    ['description', { description: 'too short' }, 'Description must be at least 10 characters'],
    ['zipCode', { zipCode: '787' }, 'Zip code is required'],
    ['zipCode', { zipCode: undefined }, 'Zip code is required'],
    ['city', { city: '' }, 'City is required'],
    ['state', { state: '  ' }, 'State is required'],
  ])('refuses a job whose %s breaks its rule: %j', async (path, change, message) => {
    const before = await jobCount();
    const response = await postJob(customer, { ...validJob(), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_error');
    expect(fieldMessages(response.json())[path]).toBe(message);
    expect(await jobCount()).toBe(before);
  });

  it('names every broken rule at once with the spec messages', async () => {
    const response = await postJob(customer, {});
    expect(response.statusCode).toBe(400);
    expect(fieldMessages(response.json())).toEqual({
      categoryId: 'Category is required',
      title: 'Title must be at least 3 characters',
      description: 'Description must be at least 10 characters',
      zipCode: 'Zip code is required',
      city: 'City is required',
      state: 'State is required',
    });
  });

  it('refuses a category that does not exist', async () => {
    const response = await postJob(customer, { ...validJob(), categoryId: 999_999 });
    expect(response.statusCode).toBe(400);
    expect(fieldMessages(response.json()).categoryId).toBe('Category is required');
  });

  it('refuses a ZIP code that is not 5 digits', async () => {
    const response = await postJob(customer, { ...validJob(), zipCode: 'abcde' });
    expect(response.statusCode).toBe(400);
    expect(fieldMessages(response.json()).zipCode).toBe('Enter a 5-digit ZIP code');
  });

  it('accepts a job without county, budget or timeline and stores them as null', async () => {
    const response = await postJob(customer, validJob());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      county: null,
      budgetMin: null,
      budgetMax: null,
      timeline: null,
      status: 'open',
      requiresLicense: false,
      requiresInsurance: false,
      requiresReferences: false,
      photos: [],
    });
  });

  it('treats empty budget and county fields as not given', async () => {
    const response = await postJob(customer, { ...validJob(), budgetMin: '', budgetMax: '', county: '', timeline: '' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ budgetMin: null, budgetMax: null, county: null, timeline: null });
  });

  it.each([
    [123, '123.00'],
    ['123', '123.00'],
    ['123.5', '123.50'],
    ['0.99', '0.99'],
  ])('stores a budget posted as %j as the exact string %s', async (posted, stored) => {
    const response = await postJob(customer, { ...validJob(), budgetMin: posted, budgetMax: posted });
    expect(response.statusCode).toBe(201);
    const job = response.json();
    expect(job.budgetMin).toBe(stored);
    const read = (await get(customer, `/api/jobs/${job.id}`)).json();
    expect(read.budgetMin).toBe(stored);
    expect(read.budgetMax).toBe(stored);
  });

  it.each(['12.345', '-5', 'abc', '1e3', 1234567890])('refuses the budget amount %j', async (amount) => {
    const response = await postJob(customer, { ...validJob(), budgetMin: amount });
    expect(response.statusCode).toBe(400);
    expect(fieldMessages(response.json()).budgetMin).toBe('Enter an amount like 150 or 150.50');
  });

  it('refuses a minimum budget above the maximum budget', async () => {
    const before = await jobCount();
    const response = await postJob(customer, { ...validJob(), budgetMin: '500', budgetMax: '499.99' });
    expect(response.statusCode).toBe(400);
    expect(fieldMessages(response.json())).toEqual({ budgetMax: 'Maximum budget must be at least the minimum budget' });
    expect(await jobCount()).toBe(before);
  });

  it('accepts equal minimum and maximum budgets', async () => {
    const response = await postJob(customer, { ...validJob(), budgetMin: '500', budgetMax: 500 });
    expect(response.statusCode).toBe(201);
  });

  it('offers the timelines asap, month and flexible and nothing else', async () => {
    for (const timeline of ['asap', 'month', 'flexible']) {
      const response = await postJob(customer, { ...validJob(), timeline });
      expect(response.json().timeline).toBe(timeline);
    }
    const response = await postJob(customer, { ...validJob(), timeline: 'yesterday' });
    expect(response.statusCode).toBe(400);
    expect(fieldMessages(response.json()).timeline).toBe('Choose a timeline from the list');
  });

  it('keeps the three requirement flags', async () => {
    const response = await postJob(customer, {
      ...validJob(),
      requiresLicense: true,
      requiresInsurance: true,
      requiresReferences: true,
    });
    expect(response.json()).toMatchObject({ requiresLicense: true, requiresInsurance: true, requiresReferences: true });
  });
});

describe('job photos', () => {
  it('attaches up to 10 photos the poster uploaded', async () => {
    const files = await uploadPngs(t, customer, 10);
    const photos = files.map((f) => f.url);
    const response = await postJob(customer, { ...validJob(), photos });
    expect(response.statusCode).toBe(201);
    const job = response.json();
    expect(job.photos).toEqual(photos);
    const read = (await get(other, `/api/jobs/${job.id}`)).json();
    expect(read.photos).toEqual(photos);
    const image = await get(other, photos[0]!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });

  it('refuses 11 photos with the limit message', async () => {
    const files = await uploadPngs(t, customer, 10);
    const photos = [...files.map((f) => f.url), (await uploadPngs(t, customer, 1))[0]!.url];
    const before = await jobCount();
    const response = await postJob(customer, { ...validJob(), photos });
    expect(response.statusCode).toBe(400);
    expect(fieldMessages(response.json()).photos).toBe('You can add at most 10 photos');
    expect(await jobCount()).toBe(before);
  });

  it('refuses a photo another user uploaded', async () => {
    const [theirs] = await uploadPngs(t, other, 1);
    const [mine] = await uploadPngs(t, customer, 1);
    const before = await jobCount();
    const response = await postJob(customer, { ...validJob(), photos: [mine!.url, theirs!.url] });
    expect(response.statusCode).toBe(400);
    expect(fieldMessages(response.json()).photos).toBe('Photos must be uploaded before posting');
    expect(await jobCount()).toBe(before);
  });

  it.each(['https://example.com/cat.jpg', '/uploads/00000000-0000-0000-0000-000000000000.webp', 'kitchen.jpg'])(
    'refuses the photo %s that was never uploaded',
    async (url) => {
      const response = await postJob(customer, { ...validJob(), photos: [url] });
      expect(response.statusCode).toBe(400);
      expect(fieldMessages(response.json()).photos).toBe('Photos must be uploaded before posting');
    },
  );
});

describe('reading jobs', () => {
  let posted: Job;

  beforeAll(async () => {
    const response = await postJob(customer, {
      ...validJob(),
      title: 'Paint the garden fence',
      budgetMin: 150,
      budgetMax: '300.5',
      county: 'Travis',
      fullAddress: '12 Elm Street',
    });
    posted = response.json();
  });

  it('shows a posted job in the open job list, newest first, with category and location', async () => {
    const response = await get(other, '/api/jobs');
    expect(response.statusCode).toBe(200);
    const list: Job[] = response.json();
    expect(list[0]!.id).toBe(posted.id);
    expect(list[0]).toMatchObject({
      title: 'Paint the garden fence',
      category: { id: plumbingId, slug: 'plumbing', name: 'Plumbing' },
      location: 'Austin, TX',
      budgetMin: '150.00',
      budgetMax: '300.50',
    });
    const times = list.map((job) => Date.parse(job.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('stores the coordinates of a known ZIP code', () => {
    expect(posted.latitude).toBeCloseTo(30.27, 1);
    expect(posted.longitude).toBeCloseTo(-97.74, 1);
  });

  it('stores no coordinates for a ZIP code the dataset does not know', async () => {
    const response = await postJob(customer, { ...validJob(), zipCode: '00000' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ zipCode: '00000', latitude: null, longitude: null });
  });

  it('lists only open jobs', async () => {
    const response = await postJob(customer, { ...validJob(), title: 'A job that gets cancelled' });
    const cancelled = response.json();
    await t.app.db.update(jobs).set({ status: 'cancelled' }).where(eq(jobs.id, cancelled.id));
    const list: Job[] = (await get(other, `/api/jobs?limit=100`)).json();
    expect(list.every((job) => job.status === 'open')).toBe(true);
    expect(list.map((job) => job.id)).not.toContain(cancelled.id);
    const mine: Job[] = (await get(customer, '/api/my-jobs?limit=100')).json();
    expect(mine.find((job) => job.id === cancelled.id)?.status).toBe('cancelled');
  });

  it('pages the open job list with limit and offset', async () => {
    const firstTwo: Job[] = (await get(other, '/api/jobs?limit=2')).json();
    const next: Job[] = (await get(other, '/api/jobs?limit=2&offset=1')).json();
    expect(firstTwo).toHaveLength(2);
    expect(next[0]!.id).toBe(firstTwo[1]!.id);
  });

  it('pages both lists by keyset with before, through jobs posted in the same instant', async () => {
    // Three jobs with one created_at: the id breaks the tie, so no page repeats or skips one.
    const ids: string[] = [];
    for (const title of ['Keyset one', 'Keyset two', 'Keyset three'])
      ids.push((await postJob(customer, { ...validJob(), title })).json().id);
    const [first] = await t.app.db.select({ at: jobs.createdAt }).from(jobs).where(eq(jobs.id, ids[0]!));
    await t.app.db.update(jobs).set({ createdAt: first!.at }).where(inArray(jobs.id, ids));
    for (const list of ['/api/jobs', '/api/my-jobs']) {
      const who = list === '/api/jobs' ? other : customer;
      const all: Job[] = (await get(who, `${list}?limit=100`)).json();
      const walked: string[] = [];
      let before: string | undefined;
      for (let page = 0; page < 50; page++) {
        const batch: Job[] = (await get(who, `${list}?limit=2${before ? `&before=${before}` : ''}`)).json();
        if (batch.length === 0) break;
        walked.push(...batch.map((job) => job.id));
        before = batch.at(-1)!.id;
      }
      expect(walked).toEqual(all.map((job) => job.id));
      expect(walked.slice(0, 3).sort()).toEqual([...ids].sort());
    }
    expect((await get(other, `/api/jobs?before=${randomUUID()}`)).json()).toEqual([]);
    const malformed = await get(other, '/api/jobs?before=nope');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('validation_error');
  });

  it.each(['limit=0', 'limit=101', 'limit=abc', 'offset=-1'])('refuses the list query %s with 400', async (query) => {
    const response = await get(other, `/api/jobs?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_error');
  });

  it("lists the caller's own jobs and nobody else's in /api/my-jobs", async () => {
    const response = await postJob(customer, { ...validJob(), title: 'The newest of my jobs' });
    const mine: Job[] = (await get(customer, '/api/my-jobs?limit=100')).json();
    expect(mine[0]!.id).toBe(response.json().id);
    expect(mine.map((job) => job.id)).toContain(posted.id);
    expect(mine.every((job) => job.customerId === customer.user.id)).toBe(true);
    const theirs: Job[] = (await get(other, '/api/my-jobs')).json();
    expect(theirs.map((job) => job.id)).not.toContain(posted.id);
  });

  it('reads one job with money as two-decimal strings', async () => {
    const response = await get(other, `/api/jobs/${posted.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: posted.id,
      title: 'Paint the garden fence',
      customerId: customer.user.id,
      budgetMin: '150.00',
      budgetMax: '300.50',
      zipCode: '78701',
      city: 'Austin',
      state: 'TX',
      county: 'Travis',
      status: 'open',
    });
  });

  it('shows the street address to the owner only, and the bid count and cap to everyone signed in', async () => {
    const own = (await get(customer, `/api/jobs/${posted.id}`)).json();
    expect(own).toMatchObject({ fullAddress: '12 Elm Street', bidCount: 0, bidCap: 5 });
    const others = (await get(other, `/api/jobs/${posted.id}`)).json();
    expect(others).toMatchObject({ fullAddress: null, bidCount: 0, bidCap: 5 });
  });

  it.each(['not-a-uuid', '123', "1' or '1'='1", '00000000-0000-0000-0000-000000000000'])(
    'answers 404 job_not_found for the job id %s, never 500',
    async (id) => {
      const response = await get(customer, `/api/jobs/${encodeURIComponent(id)}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Job not found', code: 'job_not_found' });
    },
  );

  it.each(['/api/jobs', '/api/my-jobs'])('refuses %s to a logged-out caller', async (url) => {
    expect((await get(null, url)).statusCode).toBe(401);
  });

  it('refuses one job to a logged-out caller', async () => {
    expect((await get(null, `/api/jobs/${posted.id}`)).statusCode).toBe(401);
  });
});

describe('demo data', () => {
  it('seeds demo jobs, several with photos that are served', async () => {
    const demo = await createTestApp({ SEED_DEMO: 'true' });
    try {
      const viewer = await signUp(demo.app);
      const list: Job[] = (await as(demo.app, viewer)({ method: 'GET', url: '/api/jobs' })).json();
      expect(list).toHaveLength(8);
      const withPhotos = list.filter((job) => job.photos.length > 0);
      expect(withPhotos.length).toBeGreaterThanOrEqual(5);
      const image = await as(demo.app, viewer)({ method: 'GET', url: withPhotos[0]!.photos[0]! });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
    } finally {
      await demo.close();
    }
  });
});
