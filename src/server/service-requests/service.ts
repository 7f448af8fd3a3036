import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type {
  CreateServiceRequestData,
  ServiceRequest,
  UpdateServiceRequestSchema,
  Urgency,
} from '#shared/service-requests.js';
import type { ServiceRequestEvent } from '#shared/events.js';
import { formatMoney } from '#shared/money.js';
import type { JobTimeline } from '#shared/jobs.js';
import type { Tx } from '#server/db/client.js';
import {
  businessProfiles,
  categories,
  jobs,
  serviceAreas,
  serviceCapabilities,
  serviceRequests,
  users,
} from '#server/db/schema/index.js';
import type { Ctx } from '#server/http/context.js';
import { publishEvent, publishEvents } from '#server/events/publish.js';
import { AppError } from '#server/http/errors.js';
import { enqueueEmailToUsers } from '#server/mail/index.js';
import { requestAnsweredEmail, requestEmail } from '#server/mail/emails.js';
import { lookupZip } from '#server/zip/service.js';

type RequestRow = typeof serviceRequests.$inferSelect;
type UpdateData = z.output<typeof UpdateServiceRequestSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const customer = alias(users, 'customer');
const provider = alias(users, 'provider');

/** The private job's timeline from the request's urgency (decision 012). */
const TIMELINE_OF: Record<Urgency, JobTimeline> = {
  immediate: 'asap',
  urgent: 'asap',
  normal: 'month',
  flexible: 'flexible',
};

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

function selectRequests(db: Ctx['db']) {
  return db
    .select({
      request: serviceRequests,
      customer: { firstName: customer.firstName, lastName: customer.lastName },
      provider: { firstName: provider.firstName, lastName: provider.lastName },
      businessName: businessProfiles.businessName,
      jobId: jobs.id,
    })
    .from(serviceRequests)
    .innerJoin(customer, eq(customer.id, serviceRequests.customerId))
    .innerJoin(provider, eq(provider.id, serviceRequests.providerId))
    .leftJoin(businessProfiles, eq(businessProfiles.userId, serviceRequests.providerId))
    .leftJoin(jobs, eq(jobs.serviceRequestId, serviceRequests.id));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectRequests>['execute']>>[number];

function toServiceRequest(row: Selected): ServiceRequest {
  const r = row.request;
  return {
    id: r.id,
    customerId: r.customerId,
    providerId: r.providerId,
    customerName: fullName(row.customer),
    providerName: row.businessName ?? fullName(row.provider),
    title: r.title,
    description: r.description,
    serviceType: r.serviceType,
    urgency: r.urgency,
    budget: formatMoney(r.budget),
    preferredDate: r.preferredDate,
    location: r.location,
    status: r.status,
    customerNotes: r.customerNotes,
    providerResponse: r.providerResponse,
    respondedAt: r.respondedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    jobId: row.jobId,
  };
}

async function readRequest(db: Ctx['db'], id: string): Promise<ServiceRequest> {
  const [row] = await selectRequests(db).where(eq(serviceRequests.id, id));
  return toServiceRequest(row!);
}

/** POST /api/service-requests: any logged-in user, to a provider other than themselves. */
export async function createServiceRequest(ctx: Ctx, input: CreateServiceRequestData): Promise<ServiceRequest> {
  if (input.providerId === ctx.user.id) throw new AppError('own_service_request');
  const [target] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, input.providerId), eq(users.role, 'provider')));
  if (!target) throw new AppError('provider_not_found');
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(serviceRequests)
      .values({ ...input, customerId: ctx.user.id })
      .returning({ id: serviceRequests.id });
    // The provider's open screens learn of it on commit (docs/contract.md §3.3).
    await publishEvent(tx, input.providerId, 'service_request.created', { serviceRequestId: row!.id });
    const customer = `${ctx.user.firstName} ${ctx.user.lastName}`.trim();
    await enqueueEmailToUsers(tx, {
      config: ctx.config,
      origin: ctx.origin,
      kind: 'requests',
      userIds: [input.providerId],
      content: (language) => requestEmail(language, { title: input.title, customer }),
    });
    return row!.id;
  });
  return readRequest(ctx.db, id);
}

/** Requests sent to (incoming) or by (outgoing) the caller, newest first. */
export async function listServiceRequests(ctx: Ctx, box: 'incoming' | 'outgoing'): Promise<ServiceRequest[]> {
  const mine =
    box === 'incoming' ? eq(serviceRequests.providerId, ctx.user.id) : eq(serviceRequests.customerId, ctx.user.id);
  const rows = await selectRequests(ctx.db)
    .where(mine)
    .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
    .limit(100);
  return rows.map(toServiceRequest);
}

/**
 * Where the private job is (decision 012): a ZIP named in the request's location, else the provider's
 * primary service area, else the provider's business address.
 */
async function placeOfJob(tx: Tx, request: RequestRow) {
  const zip = request.location?.match(/\b\d{5}\b/)?.[0];
  const known = zip ? lookupZip(zip) : null;
  if (known) return known;
  const [area] = await tx
    .select()
    .from(serviceAreas)
    .innerJoin(businessProfiles, eq(businessProfiles.id, serviceAreas.businessProfileId))
    .where(eq(businessProfiles.userId, request.providerId))
    .orderBy(desc(serviceAreas.isPrimary), asc(serviceAreas.createdAt))
    .limit(1);
  if (area) {
    const a = area.service_areas;
    return {
      zipCode: a.zipCode,
      city: a.city,
      state: a.state,
      county: a.county,
      latitude: a.latitude,
      longitude: a.longitude,
    };
  }
  const [profile] = await tx.select().from(businessProfiles).where(eq(businessProfiles.userId, request.providerId));
  return {
    zipCode: profile?.businessZipCode ?? '',
    city: profile?.businessCity ?? '',
    state: profile?.businessState ?? '',
    county: null,
    latitude: null,
    longitude: null,
  };
}

/** The category of the private job: the service type when it names one of the provider's categories. */
async function categoryOfJob(tx: Tx, request: RequestRow): Promise<number | null> {
  const [match] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(
      or(eq(categories.slug, request.serviceType), sql`lower(${categories.name}) = lower(${request.serviceType})`),
    );
  if (match) return match.id;
  const [first] = await tx
    .select({ id: serviceCapabilities.categoryId })
    .from(serviceCapabilities)
    .innerJoin(businessProfiles, eq(businessProfiles.id, serviceCapabilities.businessProfileId))
    .where(eq(businessProfiles.userId, request.providerId))
    .orderBy(desc(serviceCapabilities.isSpecialty), asc(serviceCapabilities.createdAt))
    .limit(1);
  return first?.id ?? null;
}

/** Accepting turns the request into a private in-progress job with the provider hired (docs/contract.md §4.12). */
async function createPrivateJob(tx: Tx, request: RequestRow) {
  const place = await placeOfJob(tx, request);
  const [job] = await tx
    .insert(jobs)
    .values({
      title: request.title,
      description: request.description,
      categoryId: await categoryOfJob(tx, request),
      customerId: request.customerId,
      budgetMin: request.budget,
      budgetMax: request.budget,
      zipCode: place.zipCode,
      city: place.city,
      state: place.state,
      county: place.county,
      location: request.location ?? ([place.city, place.state].filter(Boolean).join(', ') || '—'),
      latitude: place.latitude,
      longitude: place.longitude,
      timeline: TIMELINE_OF[request.urgency],
      status: 'in_progress',
      hiredProviderId: request.providerId,
      serviceRequestId: request.id,
    })
    .returning({ id: jobs.id });
  return job!.id;
}

/**
 * PATCH /api/service-requests/{id}: the provider accepts or declines, the customer cancels, only
 * while pending (else 409 invalid_transition); anyone else 404. One transaction with the row locked.
 */
export async function updateServiceRequest(ctx: Ctx, id: string, input: UpdateData): Promise<ServiceRequest> {
  if (!UUID.test(id)) throw new AppError('not_found');
  await ctx.db.transaction(async (tx) => {
    const [request] = await tx.select().from(serviceRequests).where(eq(serviceRequests.id, id)).for('update');
    const isProvider = request?.providerId === ctx.user.id;
    const isCustomer = request?.customerId === ctx.user.id;
    if (!request || (!isProvider && !isCustomer)) throw new AppError('not_found');
    const allowed = input.status === 'cancelled' ? isCustomer : isProvider;
    if (!allowed || request.status !== 'pending') throw new AppError('invalid_transition');
    await tx
      .update(serviceRequests)
      .set({
        status: input.status,
        ...(isProvider && input.status !== 'cancelled'
          ? { providerResponse: input.providerResponse, respondedAt: new Date() }
          : {}),
      })
      .where(eq(serviceRequests.id, id));
    const jobId = input.status === 'accepted' ? await createPrivateJob(tx, request) : null;
    // Both sides' open screens follow on commit (docs/contract.md §3.3).
    const data: ServiceRequestEvent = { serviceRequestId: id, status: input.status, jobId };
    await publishEvents(
      tx,
      [request.customerId, request.providerId].map((userId) => ({ userId, type: 'service_request.updated', data })),
    );
    if (isProvider) {
      const provider = `${ctx.user.firstName} ${ctx.user.lastName}`.trim();
      await enqueueEmailToUsers(tx, {
        config: ctx.config,
        origin: ctx.origin,
        kind: 'requests',
        userIds: [request.customerId],
        content: (language) =>
          requestAnsweredEmail(language, {
            title: request.title,
            provider,
            accepted: input.status === 'accepted',
            response: input.providerResponse ?? null,
          }),
      });
    }
  });
  return readRequest(ctx.db, id);
}
