import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { withTransaction } from './drizzle-internals.js';
import { openPool, within } from './connections.js';
import { isDatabaseUnavailable } from './errors.js';
import type { Db } from './types.js';

/**
 * Reads that tolerate lag on a streaming replica (docs/decisions/039): `readDb` is a Drizzle database whose
 * statements go to the replica while it is fresh, and to the primary otherwise. Nothing the replica does is
 * ever the caller's error: a statement that fails there (the replica down, restarting, refusing, a write that
 * reached it, a query cancelled by recovery) runs again on the primary. Transactions always run on the primary.
 */

/** How stale the replica may be and still answer reads: past this, reads go to the primary. */
export const REPLICA_MAX_LAG_MS = 3_000;
/** How often the primary's WAL position and the replica's replay position are compared. */
export const REPLICA_CHECK_MS = 500;
// The replica's answer to a check, past which it counts as down until a check goes through.
const CHECK_TIMEOUT_MS = 1_000;
// Primary WAL positions kept to measure staleness against: older than this is 'too far behind' anyway.
const SAMPLES_KEPT = 60;

export type ReplicaState = 'starting' | 'up' | 'lagging' | 'down';
export type ReplicaStatus = {
  state: ReplicaState;
  /** How far behind the primary the replica was at its last check: null until one went through. */
  lagMs: number | null;
  /** Statements the replica answered. */
  replicaStatements: number;
  /** Statements meant for the replica that the primary answered (the replica stale, down or failing). */
  primaryFallbacks: number;
};

/** '16/B374D848' → a number that orders like the position (pg_lsn as text). */
const lsnValue = (lsn: string) => {
  const [high, low] = lsn.split('/');
  return BigInt(`0x${high}`) * 4_294_967_296n + BigInt(`0x${low}`);
};

export function openReplica(
  url: string,
  primary: { pool: pg.Pool; db: Db },
  size: number,
  onState?: (status: ReplicaStatus) => void,
) {
  const { pool, close: closePool } = openPool(url, size);
  const status: ReplicaStatus = { state: 'starting', lagMs: null, replicaStatements: 0, primaryFallbacks: 0 };
  // (time, primary WAL position) pairs, newest last; the replica holds every commit made before a sample's
  // time once it has replayed up to that sample's position.
  const samples: { at: number; lsn: bigint }[] = [];
  // When the newest sample the replica had replayed was taken: its data is at least that fresh.
  let freshAsOf: number | null = null;
  let down = false;

  const setState = (state: ReplicaState) => {
    if (status.state === state) return;
    status.state = state;
    onState?.({ ...status });
  };
  const usable = () => !down && freshAsOf !== null && Date.now() - freshAsOf <= REPLICA_MAX_LAG_MS;

  async function check() {
    try {
      const now = Date.now();
      const { rows: primaryRows } = await primary.pool.query<{ lsn: string }>(
        'select pg_current_wal_lsn()::text as lsn',
      );
      samples.push({ at: now, lsn: lsnValue(primaryRows[0]!.lsn) });
      if (samples.length > SAMPLES_KEPT) samples.shift();
      const { rows } = await within(
        CHECK_TIMEOUT_MS,
        pool.query<{ lsn: string | null; standby: boolean }>(
          'select pg_last_wal_replay_lsn()::text as lsn, pg_is_in_recovery() as standby',
        ),
        'replica check timed out',
      );
      const { lsn, standby } = rows[0]!;
      if (!standby || lsn === null) {
        // Not a standby (DATABASE_READ_URL names a primary): it is as fresh as it gets.
        freshAsOf = now;
      } else {
        const replayed = lsnValue(lsn);
        const newest = samples.findLast((sample) => sample.lsn <= replayed);
        if (newest) freshAsOf = Math.max(freshAsOf ?? 0, newest.at);
      }
      down = false;
    } catch {
      down = true;
    }
    status.lagMs = freshAsOf === null ? null : Math.max(0, Date.now() - freshAsOf);
    setState(down ? 'down' : usable() ? 'up' : 'lagging');
  }

  let checking: Promise<void> | null = null;
  const timer = setInterval(() => {
    checking ??= check().finally(() => (checking = null));
  }, REPLICA_CHECK_MS);
  timer.unref();
  checking = check().finally(() => (checking = null));

  // What Drizzle and the prepared statements (statements.ts) call: a pool's query(config, values).
  const router = {
    async query(config: pg.QueryConfig | string, values?: unknown[]) {
      if (usable()) {
        try {
          const result = await pool.query(config as pg.QueryConfig, values);
          status.replicaStatements++;
          return result;
        } catch (error) {
          if (isDatabaseUnavailable(error)) {
            down = true;
            setState('down');
          }
        }
      }
      status.primaryFallbacks++;
      return primary.pool.query(config as pg.QueryConfig, values);
    },
  };
  const readDb = withTransaction(drizzle({ client: router as unknown as pg.Pool }) as unknown as Db, (...args) =>
    primary.db.transaction(...args),
  );

  return {
    readDb,
    status: (): ReplicaStatus => ({
      ...status,
      lagMs: freshAsOf === null ? null : Math.max(0, Date.now() - freshAsOf),
    }),
    close: async () => {
      clearInterval(timer);
      await checking;
      await closePool();
    },
  };
}
