import { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import webpush, { WebPushError } from 'web-push';
import type { Db } from '#server/db/client.js';
import { safeErrorMessage } from '#server/http/logging.js';
import { retryDelayMs } from '#server/mail/index.js';
import {
  claimPushes,
  deleteSubscriptionById,
  markPushDropped,
  markPushesSent,
  releasePushes,
  retryPushLater,
  type ClaimedPush,
} from './queries.js';
import type { VapidKeys } from './service.js';

export type PushWorkerOptions = {
  /** How often an instance looks for due pushes: a lead is worth most in its first minutes. */
  pollMs?: number;
  /** The first retry waits this long, each next one twice as long, up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** A push failing this long after it was written is given up (the push service keeps it no longer either). */
  giveUpMs?: number;
  /** A claimed push is someone else's to retry only after this long (the sender died mid-way). */
  leaseMs?: number;
  batchSize?: number;
  /** Pushes in flight at once. */
  concurrency?: number;
};

/** TTL: a push the device cannot take within a day is not worth delivering later (docs/contract.md §3.10). */
export const PUSH_TTL_SECONDS = 86_400;
const DAY_MS = PUSH_TTL_SECONDS * 1000;

type Outcome = 'sent' | 'gone' | 'dropped' | 'retry';

/** A VAPID token says it is good this long (RFC 8292 allows at most a day); a new one is made an hour before. */
const VAPID_TOKEN_SECONDS = 12 * 3600;
const VAPID_RENEW_BEFORE_MS = 3600_000;

/**
 * The VAPID `Authorization` header for each push service (its origin is the token's audience), made once and kept
 * until an hour before it runs out: signing a token (ES256, `web-push` rebuilding a PEM key each time) cost three
 * times what encrypting a push does, and a thousand leads go to one or two push services.
 */
function vapidAuthorizations(keys: VapidKeys) {
  const made = new Map<string, { authorization: string; renewAt: number }>();
  return (endpoint: string): string => {
    const audience = new URL(endpoint).origin;
    const now = Date.now();
    const kept = made.get(audience);
    if (kept && now < kept.renewAt) return kept.authorization;
    const expiresAt = Math.floor(now / 1000) + VAPID_TOKEN_SECONDS;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      keys.subject,
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
      expiresAt,
    );
    made.set(audience, { authorization: Authorization, renewAt: expiresAt * 1000 - VAPID_RENEW_BEFORE_MS });
    return Authorization;
  };
}

/**
 * Marks pushes sent: the marks of every lane that finished while the last statement ran go in the next one, so a
 * thousand leads are a few dozen updates, not a thousand commits, and a mark waits at most for one statement
 * more. Each lane still waits for its own mark before its next push.
 */
function sentMarks(db: Db) {
  let waiting: { id: string; done: () => void; failed: (error: unknown) => void }[] = [];
  let flushing = false;
  const flush = async () => {
    flushing = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        await markPushesSent(db, { ids: `{${batch.map((mark) => mark.id).join(',')}}` });
        for (const mark of batch) mark.done();
      } catch (error) {
        for (const mark of batch) mark.failed(error);
      }
    }
    flushing = false;
  };
  return (id: string) =>
    new Promise<void>((done, failed) => {
      waiting.push({ id, done, failed });
      if (!flushing) void flush();
    });
}

/** What every push of this instance's worker goes through: its token, its marks and its connections. */
type Sender = {
  authorization: (endpoint: string) => string;
  markSent: (id: string) => Promise<void>;
  agent: Agent;
};

/**
 * One push to its push service, signed with the VAPID keys and encrypted for the device (RFC 8291/8292,
 * `web-push`). What the answer means (docs/contract.md §3.10): 2xx sent; 404/410 the subscription is gone; any
 * other 4xx this push is refused for good; 5xx, 429 or no answer: retried.
 */
async function sendOne(
  db: Db,
  push: ClaimedPush,
  { authorization, markSent, agent }: Sender,
  log: FastifyBaseLogger,
  settings: Required<PushWorkerOptions>,
): Promise<Outcome> {
  try {
    await webpush.sendNotification(
      { endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } },
      JSON.stringify(push.payload),
      {
        headers: { Authorization: authorization(push.endpoint) },
        TTL: PUSH_TTL_SECONDS,
        urgency: push.urgency as 'high' | 'normal',
        timeout: 10_000,
        agent,
      },
    );
    await markSent(push.id);
    return 'sent';
  } catch (error) {
    const status = error instanceof WebPushError ? error.statusCode : null;
    const reason = status ? `push service answered ${status}` : safeErrorMessage(error).slice(0, 1000);
    if (status === 404 || status === 410) {
      await deleteSubscriptionById(db, push.subscription_id);
      log.info({ status }, 'push subscription gone: removed');
      return 'gone';
    }
    if (status !== null && status >= 400 && status < 500 && status !== 429) {
      await markPushDropped(db, push.id, reason);
      log.warn(
        { status, body: (error as WebPushError).body?.slice(0, 200) },
        'push refused by the push service: dropped',
      );
      return 'dropped';
    }
    if (Date.now() - new Date(push.created_at).getTime() >= settings.giveUpMs) {
      await markPushDropped(db, push.id, reason);
      log.warn({ attempts: push.attempts, reason }, 'push still failing after a day: dropped');
      return 'dropped';
    }
    const delay = retryDelayMs(push.attempts, settings.retryBaseMs, settings.retryMaxMs);
    await retryPushLater(db, push.id, delay, reason);
    log.warn({ attempts: push.attempts, retryInMs: delay, reason }, 'push not delivered; it will be retried');
    return 'retry';
  }
}

/**
 * Sends what is due once, `concurrency` at a time; resolves with the number sent. When `stop` aborts it ends
 * after the pushes under way; the rest it claimed goes back at once.
 */
export async function sendDuePushes(
  db: Db,
  sender: Sender,
  log: FastifyBaseLogger,
  settings: Required<PushWorkerOptions>,
  stop?: AbortSignal,
): Promise<number> {
  let sent = 0;
  while (!stop?.aborted) {
    const rows = await claimPushes(db, settings.batchSize, settings.leaseMs);
    let next = 0;
    const lane = async () => {
      while (next < rows.length && !stop?.aborted) {
        const push = rows[next++]!;
        if ((await sendOne(db, push, sender, log, settings)) === 'sent') sent += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(settings.concurrency, rows.length) }, lane));
    if (stop?.aborted) {
      await releasePushes(
        db,
        rows.slice(next).map((row) => row.id),
      );
      return sent;
    }
    if (rows.length < settings.batchSize) return sent;
  }
  return sent;
}

/**
 * The push outbox worker of this instance (every instance runs one): the background room (background/loops.ts)
 * runs `run` every `pollMs` and calls `close` after its last run.
 */
export function pushWorker(db: Db, keys: VapidKeys, log: FastifyBaseLogger, options: PushWorkerOptions = {}) {
  const settings: Required<PushWorkerOptions> = {
    pollMs: 500,
    retryBaseMs: 10_000,
    retryMaxMs: 15 * 60_000,
    giveUpMs: DAY_MS,
    leaseMs: 2 * 60_000,
    batchSize: 200,
    concurrency: 32,
    ...options,
  };
  // Connections to a push service are kept open between pushes: a burst of leads goes over a few of them.
  const agent = new Agent({ keepAlive: true, maxSockets: settings.concurrency });
  const sender: Sender = { authorization: vapidAuthorizations(keys), markSent: sentMarks(db), agent };
  return {
    pollMs: settings.pollMs,
    run: (stop: AbortSignal) => sendDuePushes(db, sender, log, settings, stop),
    close: () => agent.destroy(),
  };
}
