/**
 * A bench-only prototype of events sent after commit from an outbox (issue 35 point 4), with no change to the app:
 * in the benchmark's own database a `public.pg_notify(text, text)` shadows PostgreSQL's (the database's search_path
 * puts public before pg_catalog), so every NOTIFY the app queues in a transaction becomes an outbox row written in
 * that transaction instead: committed with it, rolled back with it. A relay then drains the outbox in batches, in
 * id order, and sends each batch's NOTIFYs in one short transaction of its own, so the commit-time NOTIFY lock is
 * taken once a batch instead of once a bid or message. docs/decisions/043-scale-plans-and-notify.md has the figures.
 */
import pg from 'pg';

/** Installs the outbox in the database at `url`; new connections (the app's) write to it instead of NOTIFYing. */
export async function installEventOutbox(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`
      create table if not exists public.bench_event_outbox (id bigserial primary key, channel text not null, payload text not null);
      create or replace function public.pg_notify(channel text, payload text) returns void language sql volatile as
        'insert into public.bench_event_outbox (channel, payload) values (channel, payload)';
      do $$ begin execute format('alter database %I set search_path = public, pg_catalog', current_database()); end $$;`);
  } finally {
    await client.end();
  }
}

/** Removes the outbox: the app's next connections NOTIFY inside their transactions again. */
export async function removeEventOutbox(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`
      do $$ begin execute format('alter database %I reset search_path', current_database()); end $$;
      drop function if exists public.pg_notify(text, text);
      drop table if exists public.bench_event_outbox;`);
  } finally {
    await client.end();
  }
}

/**
 * The relay: every `periodMs` (at once again after a full batch), deletes up to `batch` outbox rows in id order
 * and sends their NOTIFYs from the same transaction, so a row leaves the outbox exactly when its NOTIFY commits.
 * Returns its stop, which resolves to the events relayed and the batches it took.
 */
export function startEventRelay(url: string, { periodMs = 10, batch = 1000 } = {}) {
  const client = new pg.Client({ connectionString: url });
  let stopped = false;
  let events = 0;
  let batches = 0;
  const running = (async () => {
    await client.connect();
    while (!stopped) {
      const result = await client.query<{ n: string }>(
        `with sent as (
           delete from public.bench_event_outbox where id in
             (select id from public.bench_event_outbox order by id limit $1 for update skip locked)
           returning id, channel, payload)
         select count(*) as n from (select pg_catalog.pg_notify(channel, payload) from sent order by id) notified`,
        [batch],
      );
      const n = Number(result.rows[0]!.n);
      events += n;
      if (n > 0) batches += 1;
      if (n < batch) await new Promise((resolve) => setTimeout(resolve, periodMs));
    }
  })();
  return async () => {
    stopped = true;
    await running;
    await client.end();
    return { events, batches };
  };
}
