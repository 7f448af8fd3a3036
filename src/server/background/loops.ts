import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.js';
import { refundUnviewedBids } from '#server/bids/index.js';
import { emailUnreadMessages } from '#server/conversations/index.js';
import type { Database, Db } from '#server/db/client.js';
import { backgroundOrigin } from '#server/http/context.js';
import { PostgresRateLimitStore } from '#server/http/rate-limit.js';
import type { PostgresSessionStore } from '#server/http/session.js';
import { fanOutLeads, LEAD_FANOUT_CHANNEL } from '#server/jobs/index.js';
import { mailWorker, type MailWorkerOptions } from '#server/mail/index.js';
import { expireStaleJobs } from '#server/projects/index.js';
import { PUSH_CHANNEL, pushWorker, type PushWorkerOptions, type VapidKeys } from '#server/push/index.js';
import { sweepUnreferencedUploads, type PhotoStorage } from '#server/uploads/index.js';
import { every } from './every.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The lead worker's poll, for a wake that was lost (its LISTEN connection down at the commit). */
const LEAD_POLL_MS = 5_000;

type Loop = {
  name: string;
  /** What it does. */
  does: string;
  periodMs: number;
  /** The wait before the first run, when it is not one period. */
  firstMs?: number;
  /** Why every instance may run it at once. */
  safeOnMany: string;
  run: (stop: AbortSignal) => Promise<unknown>;
  /** Given the loop's wake (every.ts), for a loop that runs at once when work is written. */
  wakeUp?: (wake: () => void) => void;
};

export type LeadWorkerOptions = { pollMs?: number };

export type BackgroundDeps = {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  storage: PhotoStorage;
  sessions: PostgresSessionStore;
  /** The outbox worker's timing (tests make it quick); the unread-message check follows its poll. */
  mail?: MailWorkerOptions;
  /** The keys pushes are signed with, and the push worker's timing (tests make it quick). */
  push: { keys: VapidKeys; options?: PushWorkerOptions };
  /** The lead worker's poll (tests make it quick, or long so that only a wake runs it). */
  leads?: LeadWorkerOptions;
  /** LISTEN, for the push and lead workers to wake when their work is written (by any instance). */
  listen: Database['listen'];
};

/**
 * Everything this server does on its own, in every instance (docs/decisions/033): one list, started once by
 * app.ts after the routes and stopped when the app closes, each loop calling its own feature's service. Returns
 * the stop: every loop stops at once, each waiting at most STOP_WAIT_MS for its run (every.ts), and the mail
 * worker's transport and the push worker's connections close after their last run.
 */
export async function startBackground({
  db,
  config,
  log,
  storage,
  sessions,
  mail,
  push,
  leads,
  listen,
}: BackgroundDeps): Promise<() => Promise<void>> {
  const worker = mailWorker(db, config, log, mail);
  const pushes = pushWorker(db, push.keys, log, push.options);
  // A lead is worth most in its first minutes: a commit that wrote pushes wakes every instance's worker (listening
  // from the start, as the event hub does; the LISTEN connection comes back by itself after an outage).
  let wakePushes = () => {};
  const unlisten = await listen(PUSH_CHANNEL, () => wakePushes());
  // A posted job's alerts leave moments after its commit, which wakes every instance's lead worker the same way.
  let wakeLeads = () => {};
  const unlistenLeads = await listen(LEAD_FANOUT_CHANNEL, () => wakeLeads());
  const rateLimits = new PostgresRateLimitStore(db);
  const loops: Loop[] = [
    {
      name: 'email outbox worker',
      does: 'sends the emails that are due from the outbox, retrying failures with backoff (decision 024)',
      periodMs: worker.pollMs,
      safeOnMany: 'each batch is claimed and leased by one statement with FOR UPDATE SKIP LOCKED',
      run: worker.run,
    },
    {
      name: 'push outbox worker',
      does: 'sends the pushes that are due from the push outbox, retrying failures with backoff for a day (decision 038)',
      periodMs: pushes.pollMs,
      safeOnMany: 'each batch is claimed and leased by one statement with FOR UPDATE SKIP LOCKED',
      run: pushes.run,
      wakeUp: (wake) => {
        wakePushes = wake;
      },
    },
    {
      name: 'lead worker',
      does: "writes a posted job's lead alerts (events, emails, pushes) after its post commits, woken by the commit (decision 046)",
      periodMs: leads?.pollMs ?? LEAD_POLL_MS,
      // At once: what was posted while no instance ran is alerted when one starts.
      firstMs: 0,
      safeOnMany:
        'one job per transaction, its fan-out row claimed FOR UPDATE SKIP LOCKED and marked done in the transaction that writes the alerts',
      run: (stop) => fanOutLeads(db, config, stop),
      wakeUp: (wake) => {
        wakeLeads = wake;
      },
    },
    {
      name: 'unread message emails',
      does: 'emails a message still unread some minutes after it was sent, once per unread run',
      periodMs: Math.max(mail?.pollMs ?? 30_000, 50),
      safeOnMany: "the email's dedupe key (the message's id) is unique in the outbox: a second enqueue is a no-op",
      run: () => emailUnreadMessages(db, config, config.mail.messageEmailDelaySeconds),
    },
    {
      name: 'job expiry sweep',
      does: 'cancels jobs still open and unhired JOB_EXPIRY_DAYS after posting, refunding their bids (decision 017)',
      periodMs: HOUR,
      firstMs: 10_000,
      safeOnMany: "one job per transaction, locked FOR UPDATE SKIP LOCKED; status = 'open' loses to a hire",
      // Refunded bidders are told by email like after an owner's cancellation; no request: PUBLIC_URL's links.
      run: (stop) =>
        expireStaleJobs(db, config.jobExpiryDays, new Date(), { config, origin: backgroundOrigin(config) }, stop),
    },
    {
      name: 'make-good sweep',
      does: 'gives a pending bid its credits back when its owner has not viewed it BID_UNVIEWED_REFUND_HOURS after it was placed (decision 040)',
      // At least once a minute (docs/contract.md §3.9); quicker when the period itself is short (tests use seconds).
      periodMs: Math.min(MINUTE, Math.max(1_000, (config.bidUnviewedRefundHours * HOUR) / 4)),
      safeOnMany:
        'one bid per transaction, locked FOR UPDATE SKIP LOCKED; the ledger allows one refund per bid (unique bid_id, type)',
      run: (stop) =>
        refundUnviewedBids(
          db,
          config.bidUnviewedRefundHours,
          new Date(),
          { config, origin: backgroundOrigin(config) },
          stop,
        ),
    },
    {
      name: 'upload sweep',
      does: 'removes the files and rows of uploads nothing refers to a day after they were made (decision 025)',
      periodMs: HOUR,
      // Nothing is urgent, and a deploy's new instances are busy.
      firstMs: 5 * MINUTE,
      safeOnMany: 'uploads are claimed FOR UPDATE SKIP LOCKED with a claim stamp that runs out after 10 minutes',
      run: () => sweepUnreferencedUploads(db, storage),
    },
    {
      name: 'session pruning',
      does: 'deletes expired sessions',
      periodMs: HOUR,
      safeOnMany: 'a delete of rows nothing reads again; a row already gone costs nothing',
      run: () => sessions.prune(),
    },
    {
      name: 'rate-limit pruning',
      does: 'deletes the counters of rate-limit windows that ended',
      periodMs: 10 * MINUTE,
      safeOnMany: 'a delete of rows nothing reads again; a row already gone costs nothing',
      run: () => rateLimits.prune(),
    },
  ];
  const stops = loops.map((loop) =>
    every(loop.name, loop.periodMs, loop.run, { log, firstMs: loop.firstMs, wakeUp: loop.wakeUp }),
  );
  return async () => {
    // Side by side: each waits at most its own bound (STOP_WAIT_MS, the LISTEN connection's close).
    await Promise.all([unlisten(), unlistenLeads(), ...stops.map((stop) => stop())]);
    worker.close();
    pushes.close();
  };
}
