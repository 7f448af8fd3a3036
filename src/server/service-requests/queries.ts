import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CreateServiceRequestData, ServiceRequest, ServiceRequestStatus } from '#shared/service-requests.js';
import { formatMoney } from '#shared/money.js';
import { fullName } from '#shared/names.js';
import type { DbOrTx, Tx } from '#server/db/client.js';
import {
  businessProfiles,
  categories,
  jobs,
  serviceAreas,
  serviceCapabilities,
  serviceRequests,
  users,
} from '#server/db/schema/index.js';

// The service-requests feature's statements and the mapper from their rows to answers; service.ts holds the rules.

export type RequestRow = typeof serviceRequests.$inferSelect;

const customer = alias(users, 'customer');
const provider = alias(users, 'provider');

function selectRequests(db: DbOrTx) {
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

/** One request as the API answers it (it must exist). */
export async function readRequest(db: DbOrTx, id: string): Promise<ServiceRequest> {
  const [row] = await selectRequests(db).where(eq(serviceRequests.id, id));
  return toServiceRequest(row!);
}

/** Requests sent to (incoming) or by (outgoing) a user, newest first, at most 100. */
export async function requestsOf(db: DbOrTx, userId: string, box: 'incoming' | 'outgoing'): Promise<ServiceRequest[]> {
  const mine = box === 'incoming' ? eq(serviceRequests.providerId, userId) : eq(serviceRequests.customerId, userId);
  const rows = await selectRequests(db)
    .where(mine)
    .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
    .limit(100);
  return rows.map(toServiceRequest);
}

/** Whether `userId` is a provider (a request can be sent to them). */
export async function isProvider(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'provider')));
  return row !== undefined;
}

export async function insertRequest(
  tx: DbOrTx,
  input: CreateServiceRequestData & { customerId: string },
): Promise<string> {
  const [row] = await tx.insert(serviceRequests).values(input).returning({ id: serviceRequests.id });
  return row!.id;
}

/** The request with its row lock for the caller's transaction. */
export async function lockRequest(tx: Tx, id: string): Promise<RequestRow | undefined> {
  const [row] = await tx.select().from(serviceRequests).where(eq(serviceRequests.id, id)).for('update');
  return row;
}

export async function setRequestStatus(
  tx: Tx,
  id: string,
  status: ServiceRequestStatus,
  response?: { providerResponse: string | null | undefined; respondedAt: Date },
): Promise<void> {
  await tx
    .update(serviceRequests)
    .set({ status, ...response })
    .where(eq(serviceRequests.id, id));
}

/** Where a provider works: their primary (else first) service area, else their business address, else none. */
export async function providerPlace(tx: Tx, providerId: string) {
  const [area] = await tx
    .select()
    .from(serviceAreas)
    .innerJoin(businessProfiles, eq(businessProfiles.id, serviceAreas.businessProfileId))
    .where(eq(businessProfiles.userId, providerId))
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
  const [profile] = await tx.select().from(businessProfiles).where(eq(businessProfiles.userId, providerId));
  return {
    zipCode: profile?.businessZipCode ?? '',
    city: profile?.businessCity ?? '',
    state: profile?.businessState ?? '',
    county: null,
    latitude: null,
    longitude: null,
  };
}

/** The category whose slug or name (in any case) is `name`. */
export async function categoryNamed(tx: Tx, name: string): Promise<number | null> {
  const [match] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(or(eq(categories.slug, name), sql`lower(${categories.name}) = lower(${name})`));
  return match?.id ?? null;
}

/** A provider's first category: a specialty first, then the oldest. */
export async function firstCategoryOf(tx: Tx, providerId: string): Promise<number | null> {
  const [first] = await tx
    .select({ id: serviceCapabilities.categoryId })
    .from(serviceCapabilities)
    .innerJoin(businessProfiles, eq(businessProfiles.id, serviceCapabilities.businessProfileId))
    .where(eq(businessProfiles.userId, providerId))
    .orderBy(desc(serviceCapabilities.isSpecialty), asc(serviceCapabilities.createdAt))
    .limit(1);
  return first?.id ?? null;
}

/** The private job an accepted request becomes (decision 012); returns its id. */
export async function insertPrivateJob(tx: Tx, job: typeof jobs.$inferInsert): Promise<string> {
  const [row] = await tx.insert(jobs).values(job).returning({ id: jobs.id });
  return row!.id;
}
