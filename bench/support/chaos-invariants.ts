import pg from 'pg';
import { BID_SEATS } from '#shared/bid-rules.js';
import type { StripeTestServer } from '#server/test/stripe-server.js';
import type { Accepted } from './chaos-workload.js';

/**
 * docs/contract.md §5 checked on the database the chaos bench ran against, plus what its load was told: every
 * 2xx it received must be in the database exactly as answered. Each check gives how many things it looked
 * at and a few of the violations it found.
 */
export type Check = { name: string; checked: number; violations: string[] };

type Row = Record<string, unknown>;

export async function checkInvariants(url: string, accepted: Accepted, stripe: StripeTestServer): Promise<Check[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const rows = async (text: string, values: unknown[] = []) => (await client.query(text, values)).rows as Row[];
  try {
    return [
      await balances(rows),
      await payments(rows, stripe),
      await promoCodes(rows, accepted),
      await acceptedBids(rows, accepted),
      await everyBidCharged(rows),
      await refunds(rows, accepted),
      await refundOnce(rows),
      await disputes(rows, accepted),
      await declines(rows, accepted),
      await caps(rows),
      await hires(rows, accepted),
      await messages(rows, accepted),
    ];
  } finally {
    await client.end();
  }
}

type Rows = (text: string, values?: unknown[]) => Promise<Row[]>;

async function balances(rows: Rows): Promise<Check> {
  const [users] = await rows('SELECT count(*)::int AS n FROM users');
  const drift = await rows(`
    SELECT u.email, u.credits, COALESCE(SUM(t.amount), 0)::int AS ledger
    FROM users u LEFT JOIN credit_transactions t ON t.user_id = u.id
    GROUP BY u.id HAVING u.credits <> COALESCE(SUM(t.amount), 0) OR u.credits < 0`);
  return {
    name: 'each balance = its ledger, none negative',
    checked: Number(users!.n),
    violations: drift.map((r) => `${r.email}: balance ${r.credits}, ledger ${r.ledger}`),
  };
}

/** Every intent Stripe holds: succeeded → exactly one purchase row, its user's, its package's credits; else none. */
async function payments(rows: Rows, stripe: StripeTestServer): Promise<Check> {
  const credited = new Map<string, Row[]>();
  for (const row of await rows(
    `SELECT stripe_payment_intent_id AS intent, user_id, amount, type FROM credit_transactions
     WHERE stripe_payment_intent_id IS NOT NULL`,
  )) {
    const id = String(row.intent);
    credited.set(id, [...(credited.get(id) ?? []), row]);
  }
  const violations: string[] = [];
  for (const [id, intent] of stripe.intents) {
    const found = credited.get(id) ?? [];
    credited.delete(id);
    if (intent.status !== 'succeeded') {
      if (found.length > 0) violations.push(`${id} (${intent.status}) credited ${found.length}×`);
      continue;
    }
    const [row] = found;
    if (found.length !== 1) violations.push(`${id} succeeded, credited ${found.length}×`);
    else if (
      row!.type !== 'purchase' ||
      row!.user_id !== intent.metadata.userId ||
      Number(row!.amount) !== Number(intent.metadata.credits)
    ) {
      violations.push(`${id} credited ${row!.amount} to ${row!.user_id} as ${row!.type}`);
    }
  }
  for (const id of credited.keys()) violations.push(`${id} credited but unknown to Stripe`);
  return { name: 'each card payment credited once (succeeded only)', checked: stripe.intents.size, violations };
}

async function promoCodes(rows: Rows, accepted: Accepted): Promise<Check> {
  const violations: string[] = [];
  const codes = await rows(`
    SELECT p.code, p.max_uses, p.current_uses,
      (SELECT count(*) FROM promo_code_usages u WHERE u.promo_code_id = p.id)::int AS uses,
      (SELECT count(DISTINCT user_id) FROM promo_code_usages u WHERE u.promo_code_id = p.id)::int AS users
    FROM promo_codes p`);
  for (const c of codes) {
    if (c.max_uses !== null && Number(c.current_uses) > Number(c.max_uses)) {
      violations.push(`${c.code}: ${c.current_uses} uses > maxUses ${c.max_uses}`);
    }
    if (Number(c.uses) !== Number(c.current_uses))
      violations.push(`${c.code}: ${c.uses} usages, counter ${c.current_uses}`);
    if (Number(c.users) !== Number(c.uses)) violations.push(`${c.code}: ${c.uses} usages by ${c.users} users`);
  }
  // One promo ledger row per usage, of the credits it received, and none without a usage.
  const unmatched = await rows(`
    SELECT u.id AS usage, t.user_id, t.n, t.amount FROM promo_code_usages u
    FULL JOIN (SELECT user_id, promo_code_id, count(*)::int AS n, sum(amount)::int AS amount
               FROM credit_transactions WHERE type = 'promo' GROUP BY 1, 2) t
      ON t.user_id = u.user_id AND t.promo_code_id = u.promo_code_id
    WHERE u.id IS NULL OR t.user_id IS NULL OR t.n <> 1 OR t.amount <> u.credits_received`);
  for (const r of unmatched)
    violations.push(`usage ${r.usage ?? 'none'}: ${r.n ?? 0} promo ledger rows (${r.amount ?? 0})`);
  const used = new Set(
    (await rows('SELECT u.user_id, p.code FROM promo_code_usages u JOIN promo_codes p ON p.id = u.promo_code_id')).map(
      (r) => `${r.user_id} ${r.code}`,
    ),
  );
  for (const r of accepted.redemptions) {
    if (!used.has(`${r.userId} ${r.code}`)) violations.push(`200 redemption of ${r.code} by ${r.userId} not stored`);
  }
  return {
    name: 'each promo within maxUses, once per user, 2xx stored',
    checked: codes.length + accepted.redemptions.length,
    violations,
  };
}

/** Each 2xx bid: stored as answered and charged exactly once, its tier's cost. */
async function acceptedBids(rows: Rows, accepted: Accepted): Promise<Check> {
  const stored = new Map(
    (
      await rows(
        `SELECT b.id, b.provider_id, b.tier, b.credits_cost,
           (SELECT count(*) FROM credit_transactions t WHERE t.bid_id = b.id AND t.type = 'bid')::int AS charges,
           (SELECT COALESCE(sum(amount), 0) FROM credit_transactions t
              WHERE t.bid_id = b.id AND t.type = 'bid' AND t.user_id = b.provider_id)::int AS charged
         FROM bids b WHERE b.id = ANY($1::uuid[])`,
        [accepted.bids.map((b) => b.id)],
      )
    ).map((r) => [String(r.id), r]),
  );
  const violations: string[] = [];
  for (const bid of accepted.bids) {
    const row = stored.get(bid.id);
    if (!row) violations.push(`201 bid ${bid.id} missing`);
    else if (row.provider_id !== bid.providerId || row.tier !== bid.tier || Number(row.credits_cost) !== bid.cost) {
      violations.push(`bid ${bid.id} stored as ${row.tier}/${row.credits_cost}`);
    } else if (Number(row.charges) !== 1 || Number(row.charged) !== -bid.cost) {
      violations.push(`bid ${bid.id} charged ${row.charges}× (${row.charged}), cost ${bid.cost}`);
    }
  }
  return { name: 'each 2xx bid present and charged once', checked: accepted.bids.length, violations };
}

/** Any bid in the database (answered or cut off by a fault): exactly one charge, and no charge without a bid. */
async function everyBidCharged(rows: Rows): Promise<Check> {
  const [total] = await rows('SELECT count(*)::int AS n FROM bids');
  const bad = await rows(`
    SELECT b.id, count(t.id)::int AS charges FROM bids b
    LEFT JOIN credit_transactions t ON t.bid_id = b.id AND t.type = 'bid'
    GROUP BY b.id HAVING count(t.id) <> 1 OR COALESCE(sum(t.amount), 0) <> -min(b.credits_cost)`);
  const orphans = await rows(`SELECT id FROM credit_transactions WHERE type = 'bid' AND bid_id IS NULL`);
  return {
    name: 'every stored bid charged once',
    checked: Number(total!.n),
    violations: [
      ...bad.map((r) => `bid ${r.id}: ${r.charges} charges`),
      ...orphans.map((r) => `charge ${r.id} without a bid`),
    ],
  };
}

/**
 * Cancelling an open job rejects and refunds each pending bid (docs/contract.md §4.8): each bid of an unhired
 * cancelled job that the owner did not decline has its credits back (from the cancellation, or earlier from the
 * make-good or a dispute). Elsewhere a refund has a reason of its own: an unseen bid (the make-good) or an approved
 * dispute (docs/contract.md §3.9); a hired job's other bids were real leads.
 */
async function refunds(rows: Rows, accepted: Accepted): Promise<Check> {
  const violations: string[] = [];
  const cancelled = await rows(`SELECT id, status, hired_provider_id FROM jobs WHERE id = ANY($1::uuid[])`, [
    accepted.cancellations,
  ]);
  // A hire may have won the race against the owner's cancel: in_progress → cancelled is allowed too, unrefunded.
  for (const job of cancelled) {
    if (job.status !== 'cancelled') violations.push(`200 cancellation of ${job.id}: job ${job.status}`);
  }
  if (cancelled.length !== accepted.cancellations.length) violations.push('a cancelled job is missing');
  const wrong = await rows(`
    SELECT b.id, b.status, j.status AS job_status, count(t.id)::int AS refunds,
      COALESCE(sum(t.amount), 0)::int AS refunded, b.credits_cost,
      string_agg(t.description_params::json->>'key', ',') AS keys,
      bool_or(d.status = 'approved') AS dispute_approved
    FROM bids b JOIN jobs j ON j.id = b.job_id
    LEFT JOIN credit_transactions t ON t.bid_id = b.id AND t.type = 'refund' AND t.user_id = b.provider_id
    LEFT JOIN bid_disputes d ON d.bid_id = b.id
    GROUP BY b.id, j.id
    HAVING (j.status = 'cancelled' AND j.hired_provider_id IS NULL AND b.declined_at IS NULL
            AND (b.status <> 'rejected' OR count(t.id) <> 1))
        OR COALESCE(sum(t.amount), 0) NOT IN (0, b.credits_cost)
        OR (NOT (j.status = 'cancelled' AND j.hired_provider_id IS NULL) AND count(t.id) > 0
            AND NOT (string_agg(t.description_params::json->>'key', ',') = 'credits:tx_refund_not_viewed'
              OR (string_agg(t.description_params::json->>'key', ',') = 'credits:tx_refund_dispute'
                AND bool_or(d.status = 'approved'))))`);
  for (const r of wrong) {
    violations.push(
      `bid ${r.id} (${r.status}) on a ${r.job_status} job: ${r.refunds} refunds of ${r.refunded} (${r.keys})`,
    );
  }
  const [strays] = await rows(`
    SELECT count(*)::int AS n FROM credit_transactions t LEFT JOIN bids b ON b.id = t.bid_id
    WHERE t.type = 'refund' AND (b.id IS NULL OR t.user_id <> b.provider_id)`);
  if (Number(strays!.n) > 0) violations.push(`${strays!.n} refunds to someone other than a bidder`);
  const [refunded] = await rows(`SELECT count(*)::int AS n FROM credit_transactions WHERE type = 'refund'`);
  return {
    name: 'each refund has its reason (cancel, unseen, dispute)',
    checked: Number(refunded!.n),
    violations,
  };
}

/** docs/contract.md §5: a bid's credits come back at most once, whatever mix of cancellation, make-good and dispute. */
async function refundOnce(rows: Rows): Promise<Check> {
  const [total] = await rows(`SELECT count(DISTINCT bid_id)::int AS n FROM credit_transactions WHERE type = 'refund'`);
  const twice = await rows(`
    SELECT bid_id, count(*)::int AS n FROM credit_transactions WHERE type = 'refund'
    GROUP BY bid_id HAVING count(*) > 1`);
  return {
    name: "a bid's refunds ≤ 1",
    checked: Number(total!.n),
    violations: twice.map((r) => `bid ${r.bid_id}: ${r.n} refunds`),
  };
}

/**
 * Disputes (docs/contract.md §3.9): each 201 and each 200 decision stored as answered; one dispute per bid; an
 * approved dispute's bid has its credits back (once, by the dispute or an earlier refund); a refused one's bid has
 * no dispute refund.
 */
async function disputes(rows: Rows, accepted: Accepted): Promise<Check> {
  const violations: string[] = [];
  const stored = new Map((await rows(`SELECT id, bid_id, status FROM bid_disputes`)).map((r) => [String(r.id), r]));
  for (const d of accepted.disputes) {
    const row = stored.get(d.id);
    if (!row || row.bid_id !== d.bidId) violations.push(`201 dispute ${d.id} missing`);
    else if (d.status === 'approved' && row.status !== 'approved')
      violations.push(`dispute ${d.id} answered approved, stored ${row.status}`);
  }
  const decided = new Map<string, string>();
  for (const d of accepted.decisions) {
    if (decided.has(d.id)) violations.push(`dispute ${d.id} decided twice (200 both times)`);
    decided.set(d.id, d.status);
    if (stored.get(d.id)?.status !== d.status)
      violations.push(`decision on ${d.id}: answered ${d.status}, stored ${stored.get(d.id)?.status}`);
  }
  const [perBid] = await rows(
    `SELECT count(*)::int AS n FROM (SELECT bid_id FROM bid_disputes GROUP BY 1 HAVING count(*) > 1) x`,
  );
  if (Number(perBid!.n) > 0) violations.push(`${perBid!.n} bids with more than one dispute`);
  const wrong = await rows(`
    SELECT d.id, d.status, count(t.id)::int AS refunds,
      count(t.id) FILTER (WHERE t.description_params::json->>'key' = 'credits:tx_refund_dispute')::int AS by_dispute
    FROM bid_disputes d LEFT JOIN credit_transactions t ON t.bid_id = d.bid_id AND t.type = 'refund'
    GROUP BY d.id
    HAVING (d.status = 'approved' AND count(t.id) <> 1)
        OR (d.status <> 'approved' AND count(t.id) FILTER (WHERE t.description_params::json->>'key' = 'credits:tx_refund_dispute') > 0)`);
  for (const r of wrong) violations.push(`dispute ${r.id} (${r.status}): ${r.refunds} refunds, ${r.by_dispute} by it`);
  return {
    name: 'each dispute stored as answered, approvals refunded once',
    checked: stored.size,
    violations,
  };
}

/** Each 200 decline: the bid rejected and declined. */
async function declines(rows: Rows, accepted: Accepted): Promise<Check> {
  const bad = await rows(
    `SELECT id, status FROM bids WHERE id = ANY($1::uuid[]) AND (status <> 'rejected' OR declined_at IS NULL)`,
    [accepted.declines],
  );
  return {
    name: 'each 2xx decline stored',
    checked: accepted.declines.length,
    violations: bad.map((r) => `declined bid ${r.id} is ${r.status}`),
  };
}

/** docs/contract.md §5: a job never holds more bids than its cap, nor more Block or Bust bids than its seats. */
async function caps(rows: Rows): Promise<Check> {
  const [total] = await rows(`SELECT count(*)::int AS n FROM jobs`);
  const over = await rows(`
    SELECT j.id, j.bid_cap, j.bid_count, count(b.id)::int AS n,
      count(b.id) FILTER (WHERE b.tier = 'block')::int AS block, count(b.id) FILTER (WHERE b.tier = 'bust')::int AS bust
    FROM jobs j LEFT JOIN bids b ON b.job_id = j.id
    GROUP BY j.id
    HAVING count(b.id) <> j.bid_count
        OR (j.bid_cap IS NOT NULL AND (count(b.id) > j.bid_cap
          OR count(b.id) FILTER (WHERE b.tier = 'block') > ${BID_SEATS.block}
          OR count(b.id) FILTER (WHERE b.tier = 'bust') > ${BID_SEATS.bust}))`);
  return {
    name: 'bids per job ≤ cap, seats ≤ max',
    checked: Number(total!.n),
    violations: over.map(
      (r) => `job ${r.id}: ${r.n} bids (cap ${r.bid_cap}, counter ${r.bid_count}), ${r.block} block, ${r.bust} bust`,
    ),
  };
}

async function hires(rows: Rows, accepted: Accepted): Promise<Check> {
  const violations: string[] = [];
  const jobs = new Map(
    (
      await rows(`SELECT id, status, hired_provider_id FROM jobs WHERE id = ANY($1::uuid[])`, [
        accepted.hires.map((h) => h.jobId),
      ])
    ).map((r) => [String(r.id), r]),
  );
  const bidStatus = new Map(
    (await rows(`SELECT id, status FROM bids WHERE id = ANY($1::uuid[])`, [accepted.hires.map((h) => h.bidId)])).map(
      (r) => [String(r.id), r.status],
    ),
  );
  for (const hire of accepted.hires) {
    const job = jobs.get(hire.jobId);
    if (
      job?.hired_provider_id !== hire.providerId ||
      job.status === 'open' ||
      bidStatus.get(hire.bidId) !== 'accepted'
    ) {
      violations.push(`200 hire on ${hire.jobId}: job ${job?.status}, bid ${bidStatus.get(hire.bidId)}`);
    }
  }
  // Whoever was hired: exactly one accepted bid per hired job, the hired provider's.
  const inconsistent = await rows(`
    SELECT j.id, count(b.id) FILTER (WHERE b.status = 'accepted')::int AS accepted
    FROM jobs j LEFT JOIN bids b ON b.job_id = j.id
    GROUP BY j.id
    HAVING (j.hired_provider_id IS NOT NULL AND (count(b.id) FILTER (WHERE b.status = 'accepted') <> 1
            OR bool_or(b.status = 'accepted' AND b.provider_id <> j.hired_provider_id)))
        OR (j.hired_provider_id IS NULL AND count(b.id) FILTER (WHERE b.status = 'accepted') <> 0)`);
  for (const r of inconsistent) violations.push(`job ${r.id}: ${r.accepted} accepted bids`);
  return { name: 'each 2xx hire stored, one accepted bid per hire', checked: accepted.hires.length, violations };
}

async function messages(rows: Rows, accepted: Accepted): Promise<Check> {
  const [found] = await rows(`SELECT count(*)::int AS n FROM messages WHERE id = ANY($1::uuid[])`, [accepted.messages]);
  const missing = accepted.messages.length - Number(found!.n);
  return {
    name: 'each 2xx message stored',
    checked: accepted.messages.length,
    violations: missing > 0 ? [`${missing} messages answered 201 but missing`] : [],
  };
}
