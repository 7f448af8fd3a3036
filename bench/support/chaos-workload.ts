import { BID_TIER_COSTS, DISPUTE_REASONS, type BidTier } from '#shared/bids.js';
import { CREDIT_PACKAGES } from '#shared/credits.js';
import type { StripeTestServer } from '#server/test/stripe-server.js';
import { call, type Answer, type Caller, type Instance, type Tallies } from './chaos-http.js';

/**
 * The chaos bench's random mix: each step is one user's action (a bid of some tier, a card purchase whose
 * confirm races Stripe's webhook on the other instance, a promo redemption, a hire, a cancellation with
 * refunds, a message, a new job) sent to a random instance. Every 2xx answer is kept, so that the
 * invariant checks can find it in the database afterwards.
 */
export type User = Caller & { id: string; email: string; role: 'customer' | 'provider' };
export type PlacedBid = { id: string; jobId: string; providerId: string; tier: BidTier; cost: number };
export type IntentRecord = { userId: string; packageId: string; credits: number; declined: boolean };

/** `full`: the job took all the bids its cap allows (docs/contract.md §3.9). */
type JobState = { id: string; owner: User; bids: PlacedBid[]; bidders: Set<string>; full?: boolean };

/** What the load saw succeed (2xx), for the invariant checks. */
export type Accepted = {
  bids: PlacedBid[];
  intents: Map<string, IntentRecord>;
  redemptions: { userId: string; code: string }[];
  hires: { jobId: string; bidId: string; providerId: string }[];
  cancellations: string[];
  messages: string[];
  /** Bids the owner declined (200). */
  declines: string[];
  /** Disputes answered 201, with the status the 201 gave (approved: a verified duplicate_job). */
  disputes: { id: string; bidId: string; status: string }[];
  /** Decisions answered 200. */
  decisions: { id: string; status: string }[];
};

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
/** Swap-remove: order does not matter in the pools. */
const removeFrom = <T>(items: T[], item: T) => {
  const at = items.indexOf(item);
  if (at >= 0) {
    items[at] = items[items.length - 1]!;
    items.pop();
  }
};

type Step = { weight: number; run: () => Promise<Answer | null> };

export class Workload {
  readonly accepted: Accepted = {
    bids: [],
    intents: new Map(),
    redemptions: [],
    hires: [],
    cancellations: [],
    messages: [],
    declines: [],
    disputes: [],
    decisions: [],
  };
  /** Succeeded payments whose webhook no instance has acknowledged yet: Stripe sends them again. */
  readonly undeliveredWebhooks = new Set<string>();
  private readonly openJobs: JobState[] = [];
  private readonly hiredJobs: JobState[] = [];
  /** Every placed bid's two sides, who may write to each other (docs/contract.md §3.3). */
  private readonly talks: { jobId: string; owner: User; provider: User }[] = [];
  /** Providers refused for want of credits: the next purchases are theirs. */
  private readonly broke = new Set<User>();
  /** Disputes waiting for an operator (docs/contract.md §3.9). */
  private readonly openDisputes: string[] = [];
  private readonly steps: Step[];
  private readonly totalWeight: number;
  private jobCount = 0;

  constructor(
    private readonly instances: Instance[],
    private readonly stripe: StripeTestServer,
    private readonly tallies: Tallies,
    private readonly customers: User[],
    private readonly providers: User[],
    private readonly promoCodes: string[],
    private readonly categoryId: number,
    /** An operator (ADMIN_EMAILS, email confirmed): decides disputes. */
    private readonly operator: User,
  ) {
    this.steps = [
      { weight: 28, run: () => this.bid('regular') },
      { weight: 9, run: () => this.bid('block') },
      { weight: 4, run: () => this.bid('bust') },
      { weight: 18, run: () => this.message() },
      { weight: 9, run: () => this.postJob() },
      { weight: 10, run: () => this.purchase() },
      { weight: 7, run: () => this.redeem() },
      { weight: 5, run: () => this.hire() },
      { weight: 5, run: () => this.cancel() },
      { weight: 2, run: () => this.complete() },
      // Issue 33: the owner's look and 'Not for me', disputes and their decisions; the make-good sweep runs in
      // the instances themselves (BID_UNVIEWED_REFUND_HOURS is seconds long in this bench).
      { weight: 3, run: () => this.viewBids() },
      { weight: 3, run: () => this.decline() },
      { weight: 3, run: () => this.dispute() },
      { weight: 2, run: () => this.decide() },
    ];
    this.totalWeight = this.steps.reduce((n, s) => n + s.weight, 0);
  }

  /** One random action; its last answer (null when there was nothing to do) tells the worker to back off. */
  step(): Promise<Answer | null> {
    let roll = Math.random() * this.totalWeight;
    for (const step of this.steps) {
      roll -= step.weight;
      if (roll < 0) return step.run();
    }
    return this.steps[0]!.run();
  }

  private async send(
    kind: string,
    instance: Instance,
    caller: Caller | null,
    method: string,
    path: string,
    body?: object,
  ) {
    const answer = await call(instance, caller, method, path, body);
    this.tallies.record(kind, answer);
    return answer;
  }

  private instance(): Instance {
    return pick(this.instances);
  }

  async postJob(owner = pick(this.customers), kind = 'post job'): Promise<Answer> {
    const n = (this.jobCount += 1);
    const answer = await this.send(kind, this.instance(), owner, 'POST', '/api/jobs', {
      categoryId: this.categoryId,
      title: `Chaos job ${n}`,
      description: 'A job posted by the chaos benchmark.',
      zipCode: '78701',
      city: 'Austin',
      state: 'TX',
      budgetMin: '100',
      budgetMax: '900',
    });
    if (answer.outcome === 'ok') this.openJobs.push({ id: answer.body.id, owner, bids: [], bidders: new Set() });
    return answer;
  }

  /** An open job the provider has not bid on yet, when one turns up in a few tries. */
  private jobFor(provider: User): JobState | null {
    for (let i = 0; i < 6 && this.openJobs.length > 0; i++) {
      const job = pick(this.openJobs);
      if (!job.full && !job.bidders.has(provider.id)) return job;
    }
    return null;
  }

  private async bid(tier: BidTier): Promise<Answer> {
    const provider = pick(this.providers);
    const job = this.jobFor(provider);
    if (!job) return this.postJob();
    const answer = await this.send(`bid ${tier}`, this.instance(), provider, 'POST', `/api/jobs/${job.id}/bids`, {
      amount: `${100 + Math.floor(Math.random() * 800)}.00`,
      tier,
      message: 'Chaos bid',
    });
    const code = answer.body?.code;
    if (answer.outcome === 'ok') {
      const bid = { id: answer.body.id, jobId: job.id, providerId: provider.id, tier, cost: BID_TIER_COSTS[tier] };
      this.accepted.bids.push(bid);
      job.bids.push(bid);
      job.bidders.add(provider.id);
      this.talks.push({ jobId: job.id, owner: job.owner, provider });
    } else if (code === 'already_bid') job.bidders.add(provider.id);
    else if (code === 'job_not_open') removeFrom(this.openJobs, job);
    else if (code === 'job_full') job.full = true;
    else if (code === 'insufficient_credits') this.broke.add(provider);
    return answer;
  }

  /**
   * A card purchase: the intent through one instance; then, as Stripe.js and Stripe would, the client's
   * confirm through that instance and the signed payment_intent.succeeded webhook through the other, at
   * once. One in ten cards is declined (the confirm must then be refused and nothing credited).
   */
  private async purchase(): Promise<Answer> {
    const [buyer] = this.broke.size > 0 ? this.broke : [pick(this.providers)];
    this.broke.delete(buyer!);
    const pkg = pick(CREDIT_PACKAGES);
    const [here, there] = Math.random() < 0.5 ? this.instances : [...this.instances].reverse();
    const created = await this.send('payment intent', here!, buyer!, 'POST', '/api/credits/create-payment-intent', {
      creditPackage: pkg.id,
    });
    if (created.outcome !== 'ok') return created;
    const intentId: string = created.body.paymentIntentId;
    const declined = Math.random() < 0.1;
    this.accepted.intents.set(intentId, { userId: buyer!.id, packageId: pkg.id, credits: pkg.credits, declined });
    if (declined) {
      this.stripe.decline(intentId);
      return this.send('confirm (declined card)', here!, buyer!, 'POST', '/api/credits/confirm-purchase', {
        paymentIntentId: intentId,
      });
    }
    this.stripe.succeed(intentId);
    const [confirmed, hooked] = await Promise.all([
      this.send('confirm', here!, buyer!, 'POST', '/api/credits/confirm-purchase', { paymentIntentId: intentId }),
      this.webhook('webhook', there!, intentId),
    ]);
    if (hooked.outcome !== 'ok') this.undeliveredWebhooks.add(intentId);
    return confirmed.outcome === 'ok' ? hooked : confirmed;
  }

  private async webhook(kind: string, instance: Instance, intentId: string): Promise<Answer> {
    const intent = this.stripe.intents.get(intentId)!;
    const { payload, signature } = this.stripe.signedEvent('payment_intent.succeeded', intent);
    const answer = await call(instance, null, 'POST', '/api/stripe/webhook', payload, {
      'stripe-signature': signature,
    });
    this.tallies.record(kind, answer);
    return answer;
  }

  /** Stripe retries a webhook that got no 2xx; here once per call for each such payment. */
  async redeliverWebhooks(): Promise<void> {
    await Promise.all(
      [...this.undeliveredWebhooks].map(async (intentId) => {
        const answer = await this.webhook('webhook (redelivery)', this.instance(), intentId);
        if (answer.outcome === 'ok') this.undeliveredWebhooks.delete(intentId);
      }),
    );
  }

  private async redeem(): Promise<Answer> {
    const user = Math.random() < 0.7 ? pick(this.providers) : pick(this.customers);
    const code = pick(this.promoCodes);
    // Trimmed and case-insensitive (docs/contract.md §3.1): send it as people type it.
    const typed = Math.random() < 0.3 ? ` ${code.toLowerCase()} ` : code;
    const answer = await this.send('promo redeem', this.instance(), user, 'POST', '/api/promo-codes/redeem', {
      code: typed,
    });
    if (answer.outcome === 'ok') this.accepted.redemptions.push({ userId: user.id, code });
    return answer;
  }

  /** An open job with bids, when one turns up in a few tries. */
  private jobWithBids(): JobState | null {
    for (let i = 0; i < 8 && this.openJobs.length > 0; i++) {
      const job = pick(this.openJobs);
      if (job.bids.length > 0) return job;
    }
    return null;
  }

  private async hire(): Promise<Answer | null> {
    const job = this.jobWithBids();
    if (!job) return this.bid('regular');
    const bid = pick(job.bids);
    const answer = await this.send(
      'hire',
      this.instance(),
      job.owner,
      'POST',
      `/api/jobs/${job.id}/bids/${bid.id}/accept`,
    );
    if (answer.outcome === 'ok') {
      this.accepted.hires.push({ jobId: job.id, bidId: bid.id, providerId: bid.providerId });
      removeFrom(this.openJobs, job);
      this.hiredJobs.push(job);
    } else if (answer.body?.code === 'job_not_open') removeFrom(this.openJobs, job);
    return answer;
  }

  /** The owner cancels an open job (preferably one with bids): every pending bidder is refunded. */
  private async cancel(): Promise<Answer | null> {
    const job = this.jobWithBids() ?? (this.openJobs.length > 0 ? pick(this.openJobs) : null);
    if (!job) return this.postJob();
    const answer = await this.send(
      'cancel (refunds)',
      this.instance(),
      job.owner,
      'PATCH',
      `/api/jobs/${job.id}/status`,
      {
        status: 'cancelled',
      },
    );
    if (answer.outcome === 'ok') this.accepted.cancellations.push(job.id);
    if (answer.outcome === 'ok' || answer.body?.code === 'invalid_transition') removeFrom(this.openJobs, job);
    return answer;
  }

  private async complete(): Promise<Answer | null> {
    if (this.hiredJobs.length === 0) return this.hire();
    const job = pick(this.hiredJobs);
    const answer = await this.send(
      'complete hired job',
      this.instance(),
      job.owner,
      'PATCH',
      `/api/jobs/${job.id}/status`,
      {
        status: 'completed',
      },
    );
    if (answer.outcome === 'ok' || answer.body?.code === 'invalid_transition') removeFrom(this.hiredJobs, job);
    return answer;
  }

  /** A bidder and the job's owner write to each other (either way round), mostly on recent bids. */
  private async message(): Promise<Answer | null> {
    if (this.talks.length === 0) return this.bid('regular');
    const { jobId, owner, provider } =
      this.talks[Math.max(0, this.talks.length - 1 - Math.floor(Math.random() * 2000))]!;
    const fromProvider = Math.random() < 0.5;
    const answer = await this.send(
      'message',
      this.instance(),
      fromProvider ? provider : owner,
      'POST',
      '/api/messages',
      {
        jobId,
        receiverId: fromProvider ? owner.id : provider.id,
        content: fromProvider ? 'When can I come by to look at it?' : 'Tomorrow morning works.',
      },
    );
    if (answer.outcome === 'ok') this.accepted.messages.push(answer.body.id);
    return answer;
  }

  /** The owner reads their job's bids: every bid in the list is viewed (no make-good for them any more). */
  private async viewBids(): Promise<Answer | null> {
    const job = this.jobWithBids();
    if (!job) return this.bid('regular');
    return this.send('view bids', this.instance(), job.owner, 'GET', `/api/jobs/${job.id}/bids`);
  }

  /** The owner declines a bid ('Not for me'): no refund; a bid no longer pending is refused. */
  private async decline(): Promise<Answer | null> {
    const job = this.jobWithBids();
    if (!job) return this.bid('regular');
    const bid = pick(job.bids);
    const answer = await this.send(
      'decline',
      this.instance(),
      job.owner,
      'POST',
      `/api/jobs/${job.id}/bids/${bid.id}/decline`,
    );
    if (answer.outcome === 'ok') this.accepted.declines.push(bid.id);
    return answer;
  }

  /**
   * A provider disputes one of their bids, often one already disputed or refunded (refused: already_disputed,
   * already_refunded). Every chaos job has one category and ZIP, so a duplicate_job is often approved at once.
   */
  private async dispute(): Promise<Answer | null> {
    if (this.accepted.bids.length === 0) return this.bid('regular');
    const bid = this.accepted.bids[Math.max(0, this.accepted.bids.length - 1 - Math.floor(Math.random() * 500))]!;
    const provider = this.providers.find((p) => p.id === bid.providerId)!;
    const answer = await this.send('dispute', this.instance(), provider, 'POST', `/api/bids/${bid.id}/dispute`, {
      reason: pick(DISPUTE_REASONS),
      details: 'Disputed by the chaos benchmark.',
    });
    if (answer.outcome === 'ok') {
      this.accepted.disputes.push({ id: answer.body.id, bidId: bid.id, status: answer.body.status });
      if (answer.body.status === 'open') this.openDisputes.push(answer.body.id);
    }
    return answer;
  }

  /** The operator approves or refuses an open dispute; now and then one decided already (already_decided). */
  private async decide(): Promise<Answer | null> {
    const decided = this.accepted.decisions;
    const id =
      this.openDisputes.length > 0 && (decided.length === 0 || Math.random() < 0.9)
        ? pick(this.openDisputes)
        : decided.length > 0
          ? pick(decided).id
          : null;
    if (!id) return this.dispute();
    const decision = Math.random() < 0.5 ? 'approve' : 'refuse';
    const answer = await this.send(
      'decide dispute',
      this.instance(),
      this.operator,
      'POST',
      `/api/admin/disputes/${id}/decide`,
      {
        decision,
        note: `Decided by the chaos benchmark: ${decision}.`,
      },
    );
    if (answer.outcome === 'ok') decided.push({ id, status: answer.body.status });
    if (answer.outcome === 'ok' || answer.body?.code === 'already_decided') removeFrom(this.openDisputes, id);
    return answer;
  }
}
