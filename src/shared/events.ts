/** Server-sent event types of GET /api/events (docs/contract.md §3.3). */
export const EVENT_TYPES = [
  'message.created',
  'bid.created',
  'bid.updated',
  'bid.declined',
  'credits.changed',
  'credits.low_balance',
  'service_request.created',
  'service_request.updated',
  'job.updated',
  'job.matched',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** A heartbeat comment goes out at least this often, so proxies keep the stream open (docs/contract.md §3.3). */
export const EVENT_HEARTBEAT_MS = 25_000;
/** How long the browser waits before reconnecting a dropped stream (the SSE `retry:` field). */
export const EVENT_RETRY_MS = 3_000;
/**
 * A browser that has just heard an event reads what it changed from the primary for this long, with this
 * header on its calls: a read replica may not have replayed the change yet (docs/decisions/039).
 */
export const READ_PRIMARY_HEADER = 'x-read-primary';
export const READ_PRIMARY_AFTER_EVENT_MS = 5_000;

export type CreditsChangedEvent = { balance: number };
/** credits.low_balance: a bid left fewer than `threshold` credits, sent once until the balance recovers. */
export type LowBalanceEvent = { balance: number; threshold: number };
export type JobUpdatedEvent = { jobId: string; status: string };
export type BidEvent = { jobId: string; bidId: string; status: string };
/** service_request.created carries the request id; .updated also its new status and, once accepted, its job. */
export type ServiceRequestEvent = { serviceRequestId: string; status?: string; jobId?: string | null };
/** job.matched: a job just posted in a category and area the provider serves (docs/contract.md §3.7). */
export type JobMatchedEvent = {
  job: { id: string; title: string; city: string; state: string; zipCode: string; categoryId: number | null };
};
