import type { JobMatchedEvent } from '#shared/events.js';
import type { Language } from '#shared/i18n/languages.js';
import type { Config } from '#server/config.js';
import type { Db, DbOrTx } from '#server/db/client.js';
import { providersMatchingJob } from '#server/business-profiles/index.js';
import { publishEvents } from '#server/events/index.js';
import { languageOf, leadEmail, type EmailContent } from '#server/mail/index.js';
import { enqueueNotices, pushOfEmail } from '#server/push/index.js';
import { claimLeadFanout, markLeadFanoutDone, selectCategory, type JobRow } from './queries.js';

/**
 * Lead alerts (docs/contract.md §3.7, §3.10): every provider the job is a lead for gets a job.matched event, one
 * email (a unique key per job and provider) and a push on each device, in the caller's transaction; never its owner.
 */
async function alertMatchingProviders(tx: DbOrTx, config: Config, origin: string, job: JobRow): Promise<void> {
  if (job.categoryId === null) return;
  const category = await selectCategory(tx, job.categoryId);
  if (!category) return;
  const providers = await providersMatchingJob(tx, {
    zipCode: job.zipCode,
    categoryId: job.categoryId,
    customerId: job.customerId,
  });
  if (providers.length === 0) return;
  const event: JobMatchedEvent = {
    job: {
      id: job.id,
      title: job.title,
      city: job.city,
      state: job.state,
      zipCode: job.zipCode,
      categoryId: job.categoryId,
    },
  };
  await publishEvents(
    tx,
    providers.map((provider) => ({ userId: provider.id, type: 'job.matched' as const, data: event })),
  );
  const facts = {
    jobId: job.id,
    title: job.title,
    category,
    city: job.city,
    state: job.state,
    zipCode: job.zipCode,
    budgetMin: job.budgetMin,
    budgetMax: job.budgetMax,
  };
  // What the alert says, once in each language: its recipients share it, and its layout (outboxRows).
  const contents = new Map<Language, EmailContent>();
  const contentIn = (language: Language) => {
    let content = contents.get(language);
    if (!content) contents.set(language, (content = leadEmail(language, facts)));
    return content;
  };
  // The emails, and a push to each of their devices at once (docs/contract.md §3.10), one per job and device: one
  // statement.
  await enqueueNotices(
    tx,
    providers.map((provider) => ({
      config,
      to: provider,
      origin,
      kind: 'leads' as const,
      dedupeKey: `lead:${job.id}:${provider.id}`,
      content: contentIn(languageOf(provider)),
    })),
    {
      config,
      origin,
      type: 'lead',
      userIds: providers.map((provider) => provider.id),
      tag: `job:${job.id}`,
      dedupeKey: `lead:${job.id}`,
      content: (language) => pushOfEmail(contentIn(language)),
    },
  );
}

/**
 * The lead worker's run (background/loops.ts): each pending fan-out in a transaction of its own that claims its row
 * (FOR UPDATE SKIP LOCKED), writes the job's alerts and marks the row done, so they are written once whatever
 * instances race for it; a fan-out that fails rolls back whole (no event, email or push) and stays pending for the
 * next run, and the run goes on with the others (one bad job holds up no one else's alerts), then fails with its
 * error. A job no longer open when its turn comes (cancelled or hired meanwhile) alerts nobody. Runs until none is
 * pending or `stop` aborts; answers how many fan-outs it did.
 */
export async function fanOutLeads(db: Db, config: Config, stop?: AbortSignal): Promise<number> {
  let done = 0;
  const passed: string[] = [];
  let failure: unknown = null;
  while (!stop?.aborted) {
    let jobId: string | null = null;
    try {
      const claimed = await db.transaction(async (tx) => {
        const fanout = await claimLeadFanout(tx, passed);
        if (!fanout) return false;
        jobId = fanout.job.id;
        if (fanout.job.status === 'open') await alertMatchingProviders(tx, config, fanout.origin, fanout.job);
        await markLeadFanoutDone(tx, fanout.job.id);
        return true;
      });
      if (!claimed) break;
      done += 1;
    } catch (err) {
      // Nothing claimed: the database itself failed, and the next run tries again.
      if (jobId === null) throw err;
      passed.push(jobId);
      failure ??= err;
    }
  }
  if (failure) throw failure;
  return done;
}
