import type { Language } from '#shared/i18n/languages.js';
import type { z } from 'zod';
import type {
  CreateServiceRequestData,
  ServiceRequest,
  UpdateServiceRequestSchema,
  Urgency,
} from '#shared/service-requests.js';
import type { ServiceRequestEvent } from '#shared/events.js';
import type { JobTimeline } from '#shared/jobs.js';
import { fullName } from '#shared/names.js';
import type { Tx } from '#server/db/client.js';
import type { Ctx } from '#server/http/context.js';
import { publishEvent, publishEvents } from '#server/events/index.js';
import { AppError } from '#server/http/errors.js';
import { enqueueEmailToUsers } from '#server/auth/index.js';
import { requestAnsweredEmail, requestEmail } from '#server/mail/index.js';
import { enqueuePush, pushOfEmail } from '#server/push/index.js';
import { lookupZip } from '#server/zip/index.js';
import {
  categoryNamed,
  firstCategoryOf,
  insertPrivateJob,
  insertRequest,
  isProvider as isProviderAccount,
  lockRequest,
  providerPlace,
  readRequest,
  requestsOf,
  setRequestStatus,
  type RequestRow,
} from './queries.js';

type UpdateData = z.output<typeof UpdateServiceRequestSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The private job's timeline from the request's urgency (decision 012). */
const TIMELINE_OF: Record<Urgency, JobTimeline> = {
  immediate: 'asap',
  urgent: 'asap',
  normal: 'month',
  flexible: 'flexible',
};

/** POST /api/service-requests: any logged-in user, to a provider other than themselves. */
export async function createServiceRequest(ctx: Ctx, input: CreateServiceRequestData): Promise<ServiceRequest> {
  if (input.providerId === ctx.user.id) throw new AppError('own_service_request');
  if (!(await isProviderAccount(ctx.db, input.providerId))) throw new AppError('provider_not_found');
  const id = await ctx.db.transaction(async (tx) => {
    const id = await insertRequest(tx, { ...input, customerId: ctx.user.id });
    // The provider's open screens learn of it on commit (docs/contract.md §3.3).
    await publishEvent(tx, input.providerId, 'service_request.created', { serviceRequestId: id });
    const customer = fullName(ctx.user);
    await enqueueEmailToUsers(tx, {
      config: ctx.config,
      origin: ctx.origin,
      kind: 'requests',
      userIds: [input.providerId],
      content: (language) => requestEmail(language, { title: input.title, customer }),
    });
    await enqueuePush(tx, {
      config: ctx.config,
      origin: ctx.origin,
      type: 'request',
      userIds: [input.providerId],
      tag: `request:${id}`,
      content: (language) => pushOfEmail(requestEmail(language, { title: input.title, customer })),
    });
    return id;
  });
  return readRequest(ctx.db, id);
}

/** Requests sent to (incoming) or by (outgoing) the caller, newest first. */
export async function listServiceRequests(ctx: Ctx, box: 'incoming' | 'outgoing'): Promise<ServiceRequest[]> {
  return requestsOf(ctx.db, ctx.user.id, box);
}

/**
 * Where the private job is (decision 012): a ZIP named in the request's location, else the provider's
 * primary service area, else the provider's business address.
 */
async function placeOfJob(tx: Tx, request: RequestRow) {
  const zip = request.location?.match(/\b\d{5}\b/)?.[0];
  const known = zip ? lookupZip(zip) : null;
  return known ?? providerPlace(tx, request.providerId);
}

/** The category of the private job: the service type when it names one of the provider's categories. */
async function categoryOfJob(tx: Tx, request: RequestRow): Promise<number | null> {
  return (await categoryNamed(tx, request.serviceType)) ?? firstCategoryOf(tx, request.providerId);
}

/** Accepting turns the request into a private in-progress job with the provider hired (docs/contract.md §4.12). */
async function createPrivateJob(tx: Tx, request: RequestRow) {
  const place = await placeOfJob(tx, request);
  return insertPrivateJob(tx, {
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
  });
}

/**
 * PATCH /api/service-requests/{id}: the provider accepts or declines, the customer cancels, only
 * while pending (else 409 invalid_transition); anyone else 404. One transaction with the row locked.
 */
export async function updateServiceRequest(ctx: Ctx, id: string, input: UpdateData): Promise<ServiceRequest> {
  if (!UUID.test(id)) throw new AppError('not_found');
  await ctx.db.transaction(async (tx) => {
    const request = await lockRequest(tx, id);
    const isProvider = request?.providerId === ctx.user.id;
    const isCustomer = request?.customerId === ctx.user.id;
    if (!request || (!isProvider && !isCustomer)) throw new AppError('not_found');
    const allowed = input.status === 'cancelled' ? isCustomer : isProvider;
    if (!allowed || request.status !== 'pending') throw new AppError('invalid_transition');
    await setRequestStatus(
      tx,
      id,
      input.status,
      isProvider && input.status !== 'cancelled'
        ? { providerResponse: input.providerResponse, respondedAt: new Date() }
        : undefined,
    );
    const jobId = input.status === 'accepted' ? await createPrivateJob(tx, request) : null;
    // Both sides' open screens follow on commit (docs/contract.md §3.3).
    const data: ServiceRequestEvent = { serviceRequestId: id, status: input.status, jobId };
    await publishEvents(
      tx,
      [request.customerId, request.providerId].map((userId) => ({ userId, type: 'service_request.updated', data })),
    );
    if (isProvider) {
      const provider = fullName(ctx.user);
      const answered = (language: Language) =>
        requestAnsweredEmail(language, {
          title: request.title,
          provider,
          accepted: input.status === 'accepted',
          response: input.providerResponse ?? null,
        });
      await enqueueEmailToUsers(tx, {
        config: ctx.config,
        origin: ctx.origin,
        kind: 'requests',
        userIds: [request.customerId],
        content: answered,
      });
      await enqueuePush(tx, {
        config: ctx.config,
        origin: ctx.origin,
        type: 'request',
        userIds: [request.customerId],
        tag: jobId ? `job:${jobId}` : `request:${id}`,
        content: (language) => pushOfEmail(answered(language)),
      });
    }
  });
  return readRequest(ctx.db, id);
}
