import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, jobs, serviceRequests } from '#server/db/schema/index.js';
import { as, createTestApp, signUp, type Session, type TestApp } from '#server/test/app.js';
import { makeProvider } from '#server/test/factories.js';
import { listenOnFreePort, openEventStream } from '#server/test/events.js';
import { assertLedgerInvariant } from '#server/test/ledger.js';

let t: TestApp;
let provider: Session;
beforeAll(async () => {
  t = await createTestApp();
  provider = await makeProvider(t.app);
  const call = as(t.app, provider);
  await call({
    method: 'POST',
    url: '/api/business-profile',
    payload: {
      businessName: 'Carter Plumbing',
      businessType: 'llc',
      description: 'Licensed plumbers.',
      phone: '5125550100',
    },
  });
  const [plumbing] = await t.app.db.select().from(categories).where(eq(categories.slug, 'plumbing'));
  await call({ method: 'POST', url: '/api/business-profile/capabilities', payload: { categoryId: plumbing!.id } });
  await call({ method: 'POST', url: '/api/business-profile/areas', payload: { zipCode: '78741' } });
});
afterAll(() => t.close());

const REQUEST = {
  title: 'Fix a leaking faucet',
  description: 'The kitchen faucet drips all night long.',
  serviceType: 'plumbing',
  urgency: 'urgent',
  budget: '250',
  preferredDate: '2026-12-01',
  location: 'Austin, TX 78704',
  customerNotes: 'Gate code 1234',
};

async function send(customer: Session, overrides: object = {}) {
  return as(
    t.app,
    customer,
  )({
    method: 'POST',
    url: '/api/service-requests',
    payload: { ...REQUEST, providerId: provider.user.id, ...overrides },
  });
}

async function pendingRequest() {
  const customer = await signUp(t.app);
  const response = await send(customer);
  expect(response.statusCode).toBe(201);
  return { customer, request: response.json() };
}

const patch = (session: Session, id: string, payload: object) =>
  as(t.app, session)({ method: 'PATCH', url: `/api/service-requests/${id}`, payload });

describe('sending a service request', () => {
  it('creates a pending request that both sides see in their boxes, newest first', async () => {
    const { customer, request } = await pendingRequest();
    expect(request).toMatchObject({
      status: 'pending',
      urgency: 'urgent',
      budget: '250.00',
      preferredDate: '2026-12-01',
      providerName: 'Carter Plumbing',
      customerNotes: 'Gate code 1234',
      jobId: null,
    });
    const second = (await send(customer, { title: 'Second request' })).json();
    const outgoing = (await as(t.app, customer)({ method: 'GET', url: '/api/service-requests?box=outgoing' })).json();
    expect(outgoing.map((r: { id: string }) => r.id)).toEqual([second.id, request.id]);
    const incoming = (await as(t.app, provider)({ method: 'GET', url: '/api/service-requests?box=incoming' })).json();
    expect(incoming.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([request.id, second.id]));
    expect(incoming[0].customerName).toBe(`${customer.user.firstName} ${customer.user.lastName}`);
  });

  it('defaults urgency to normal and accepts no budget', async () => {
    const customer = await signUp(t.app);
    const response = await send(customer, { urgency: undefined, budget: null, preferredDate: '', location: '' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ urgency: 'normal', budget: null, preferredDate: null, location: null });
  });

  it('gives the spec §5 messages', async () => {
    const customer = await signUp(t.app);
    const response = await send(customer, {
      title: 'Fi',
      description: 'short',
      serviceType: '',
      urgency: 'yesterday',
      budget: '0',
      location: 'A',
    });
    expect(response.statusCode).toBe(400);
    const messages = Object.fromEntries(
      response.json().errors.map((e: { path: string; message: string }) => [e.path, e.message]),
    );
    expect(messages).toEqual({
      title: 'Service title must be at least 3 characters',
      description: 'Description must be at least 10 characters',
      serviceType: 'Service type is required',
      urgency: 'Choose an urgency',
      budget: 'Budget must be a positive amount',
      location: 'Location must be at least 2 characters',
    });
    expect(
      await t.app.db.select().from(serviceRequests).where(eq(serviceRequests.customerId, customer.user.id)),
    ).toEqual([]);
  });

  it('refuses a request to oneself and to someone who is not a provider', async () => {
    const self = await send(provider);
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe('own_service_request');
    const customer = await signUp(t.app);
    const other = await signUp(t.app);
    const notProvider = await send(customer, { providerId: other.user.id });
    expect(notProvider.statusCode).toBe(404);
    expect(notProvider.json().code).toBe('provider_not_found');
  });
});

describe('service request transitions', () => {
  it('accepting creates a private in-progress job with the provider hired, in one go', async () => {
    const { customer, request } = await pendingRequest();
    const response = await patch(provider, request.id, { status: 'accepted', providerResponse: 'See you Monday' });
    expect(response.statusCode).toBe(200);
    const accepted = response.json();
    expect(accepted).toMatchObject({ status: 'accepted', providerResponse: 'See you Monday' });
    expect(accepted.respondedAt).toBeTruthy();
    expect(accepted.jobId).toBeTruthy();

    const [job] = await t.app.db.select().from(jobs).where(eq(jobs.id, accepted.jobId));
    const [plumbing] = await t.app.db.select().from(categories).where(eq(categories.slug, 'plumbing'));
    expect(job).toMatchObject({
      status: 'in_progress',
      customerId: customer.user.id,
      hiredProviderId: provider.user.id,
      serviceRequestId: request.id,
      title: 'Fix a leaking faucet',
      categoryId: plumbing!.id,
      zipCode: '78704',
      city: 'Austin',
      state: 'TX',
      location: 'Austin, TX 78704',
      budgetMin: '250.00',
      budgetMax: '250.00',
      timeline: 'asap',
    });

    // The customer sees the new job among theirs; nobody sees it in the public list of open jobs.
    const mine = (await as(t.app, customer)({ method: 'GET', url: '/api/my-jobs' })).json();
    expect(mine.map((j: { id: string }) => j.id)).toContain(accepted.jobId);
    const someone = await makeProvider(t.app);
    const open = (await as(t.app, someone)({ method: 'GET', url: '/api/jobs?limit=100' })).json();
    expect(open.map((j: { id: string }) => j.id)).not.toContain(accepted.jobId);
    // Its page is theirs alone: the customer and the hired provider read it, anyone else gets 404.
    const read = (session: Session) => as(t.app, session)({ method: 'GET', url: `/api/jobs/${accepted.jobId}` });
    expect((await read(customer)).statusCode).toBe(200);
    expect((await read(provider)).statusCode).toBe(200);
    expect((await read(someone)).statusCode).toBe(404);
    // Accepting is free (docs/contract.md §4.12): no credits move.
    await assertLedgerInvariant(t.app.db);
  });

  it('takes the provider’s primary area as the job’s place when the request names no ZIP', async () => {
    const customer = await signUp(t.app);
    const request = (await send(customer, { location: 'My house', serviceType: 'repair' })).json();
    const accepted = (await patch(provider, request.id, { status: 'accepted' })).json();
    const [job] = await t.app.db.select().from(jobs).where(eq(jobs.id, accepted.jobId));
    expect(job).toMatchObject({ zipCode: '78741', city: 'Austin', state: 'TX', location: 'My house' });
  });

  it('lets the provider decline with a response and the customer cancel', async () => {
    const first = await pendingRequest();
    const declined = await patch(provider, first.request.id, { status: 'declined', providerResponse: 'Fully booked' });
    expect(declined.json()).toMatchObject({ status: 'declined', providerResponse: 'Fully booked', jobId: null });
    const second = await pendingRequest();
    const cancelled = await patch(second.customer, second.request.id, { status: 'cancelled' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
  });

  it('refuses illegal transitions with 409 invalid_transition and changes nothing', async () => {
    const { customer, request } = await pendingRequest();
    // The customer may not accept or decline; the provider may not cancel.
    for (const [who, status] of [
      [customer, 'accepted'],
      [customer, 'declined'],
      [provider, 'cancelled'],
    ] as const) {
      const response = await patch(who, request.id, { status });
      expect(response.statusCode, `${status}`).toBe(409);
      expect(response.json().code).toBe('invalid_transition');
    }
    expect((await patch(provider, request.id, { status: 'accepted' })).statusCode).toBe(200);
    // Only while pending.
    for (const [who, status] of [
      [provider, 'accepted'],
      [provider, 'declined'],
      [customer, 'cancelled'],
    ] as const) {
      expect((await patch(who, request.id, { status })).statusCode).toBe(409);
    }
    expect(await t.app.db.select().from(jobs).where(eq(jobs.serviceRequestId, request.id))).toHaveLength(1);
    const bad = await patch(provider, request.id, { status: 'completed' });
    expect(bad.statusCode).toBe(400);
  });

  it('creates one job when the provider accepts twice at once', async () => {
    const { request } = await pendingRequest();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => patch(provider, request.id, { status: 'accepted' })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await t.app.db.select().from(jobs).where(eq(jobs.serviceRequestId, request.id))).toHaveLength(1);
  });

  it('answers 404 to anyone else and for unknown ids', async () => {
    const { request } = await pendingRequest();
    const stranger = await makeProvider(t.app);
    for (const status of ['accepted', 'declined', 'cancelled']) {
      expect((await patch(stranger, request.id, { status })).statusCode).toBe(404);
    }
    expect((await patch(provider, '00000000-0000-4000-8000-000000000000', { status: 'accepted' })).statusCode).toBe(
      404,
    );
    expect((await patch(provider, 'nope', { status: 'accepted' })).statusCode).toBe(404);
    const [row] = await t.app.db.select().from(serviceRequests).where(eq(serviceRequests.id, request.id));
    expect(row!.status).toBe('pending');
  });
});

describe('live updates', () => {
  it('tells the provider of a new request and both sides of its answer, with the new job', async () => {
    const baseUrl = await listenOnFreePort(t.app);
    const customer = await signUp(t.app);
    const [providerStream, customerStream] = await Promise.all([
      openEventStream(baseUrl, provider.cookie),
      openEventStream(baseUrl, customer.cookie),
    ]);
    try {
      const request = (await send(customer)).json();
      expect((await providerStream.next('service_request.created')).data).toEqual({ serviceRequestId: request.id });
      const accepted = (
        await patch(provider, request.id, { status: 'accepted', providerResponse: 'On my way' })
      ).json();
      const expected = { serviceRequestId: request.id, status: 'accepted', jobId: accepted.jobId };
      expect((await customerStream.next('service_request.updated')).data).toEqual(expected);
      expect((await providerStream.next('service_request.updated')).data).toEqual(expected);
    } finally {
      providerStream.close();
      customerStream.close();
    }
  });
});
