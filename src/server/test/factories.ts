import type { FastifyInstance } from 'fastify';
import { DEFAULT_JOB_BID_CAP } from '#shared/bid-rules.js';
import type { Db } from '#server/db/client.js';
import { jobs } from '#server/db/schema/index.js';
import { markEmailVerified } from '#server/auth/index.js';
import { postLedgerEntry } from '#server/credits/index.js';
import { as, sessionCookie, signUp, type Session } from './app.js';

let jobCounter = 0;

/** An open job's row of the customer's: a sink in Austin, overrides on top. */
const jobValues = (customerId: string, overrides: Partial<typeof jobs.$inferInsert> = {}) => ({
  title: `Fix sink ${(jobCounter += 1)}`,
  description: 'The kitchen sink drains slowly and the trap leaks.',
  customerId,
  zipCode: '78701',
  city: 'Austin',
  state: 'TX',
  location: 'Austin, TX',
  budgetMin: '100.00',
  budgetMax: '300.00',
  bidCap: DEFAULT_JOB_BID_CAP,
  ...overrides,
});

/**
 * One-line factory: an open job owned by `customerId`, written straight to the table, with the default bid cap
 * (a test that needs more bids on one job says `bidCap: null`, as JOB_BID_CAP=0 would post it).
 */
export async function createJob(db: Db, customerId: string, overrides: Partial<typeof jobs.$inferInsert> = {}) {
  const [job] = await db.insert(jobs).values(jobValues(customerId, overrides)).returning();
  return job!;
}

/** `count` open jobs of the customer's in one statement, titled `job 0` … `job {count-1}`, in that order. */
export async function createJobs(db: Db, customerId: string, count: number) {
  return db
    .insert(jobs)
    .values(Array.from({ length: count }, (_, n) => jobValues(customerId, { title: `job ${n}` })))
    .returning({ id: jobs.id, title: jobs.title });
}

/** Credits through the ledger, as an operator adjustment (the only way credits move). */
export async function grantCredits(db: Db, userId: string, amount: number): Promise<number> {
  return db.transaction(async (tx) => {
    const { balance } = await postLedgerEntry(tx, {
      userId,
      amount,
      type: 'adjustment',
      descriptionKey: 'credits:tx_adjustment',
    });
    return balance;
  });
}

/** A new account upgraded to provider through the API, then topped up to `credits` in total. */
export async function makeProvider(app: FastifyInstance, credits = 0): Promise<Session> {
  const session = await signUp(app);
  const response = await as(app, session)({ method: 'POST', url: '/api/auth/upgrade-to-provider' });
  if (response.statusCode !== 200) throw new Error(`upgrade failed: ${response.statusCode} ${response.body}`);
  const { user } = response.json() as { user: Session['user'] };
  const missing = credits - user.credits;
  const balance = missing !== 0 ? await grantCredits(app.db, user.id, missing) : user.credits;
  // The upgrade gives the session a new id (docs/contract.md §3.5).
  return { cookie: sessionCookie(response), user: { ...user, credits: balance } };
}

/**
 * An operator: a new account with an ADMIN_EMAILS address whose email is confirmed, as operator rights
 * need (docs/decisions/031-email-verification.md).
 */
export async function signUpOperator(app: FastifyInstance, email: string): Promise<Session> {
  const session = await signUp(app, { email });
  await markEmailVerified(app.db, session.user.id);
  return { ...session, user: { ...session.user, emailVerified: true, isAdmin: true } };
}
