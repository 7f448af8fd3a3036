/**
 * NOTIFY and write throughput (issue 35 point 4): bid placement and message send on a database bench:scale seeded
 * and kept (BENCH_SCALE_URL, required), at 50 and 200 connections (BENCH_NOTIFY_CONNECTIONS), each with the
 * NOTIFY inside the bid's or message's transaction (today) and with the events written to an outbox in that
 * transaction and NOTIFYed after commit by a batching relay (bench/support/event-outbox.ts). The app's
 * database pool is as large as the client's connections, so every connection is a transaction at the primary.
 *
 *   BENCH_SCALE_URL=postgres://…/postgres_scale… npm run bench:notify
 */
import { loadavg } from 'node:os';
import { installEventOutbox, removeEventOutbox, startEventRelay } from './support/event-outbox.js';
import { measureEndpoints, type EndpointFigures, type EndpointName } from './support/scale-load.js';

const url = process.env.BENCH_SCALE_URL;
if (!url) throw new Error('BENCH_SCALE_URL: a database bench:scale seeded and kept (BENCH_KEEP=1)');
const connectionCounts = (process.env.BENCH_NOTIFY_CONNECTIONS ?? '50,200').split(',').map(Number);
const ENDPOINTS: EndpointName[] = ['bid placement', 'message send'];
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const rows: string[] = [];
for (const connections of connectionCounts) {
  for (const mode of ['in the transaction', 'outbox, after commit'] as const) {
    const outbox = mode !== 'in the transaction';
    if (outbox) await installEventOutbox(url);
    const stopRelay = outbox ? startEventRelay(url) : null;
    let figures: Partial<Record<EndpointName, EndpointFigures>>;
    try {
      figures = await measureEndpoints(url, { connections, only: ENDPOINTS, poolSize: connections });
    } finally {
      const relayed = await stopRelay?.();
      if (relayed) console.log(`  relay: ${relayed.events} events in ${relayed.batches} batches`);
      if (outbox) await removeEventOutbox(url);
    }
    for (const name of ENDPOINTS) {
      const at = figures[name]!;
      const off = Object.entries({ ...at.statuses })
        .filter(([code]) => !code.startsWith('2'))
        .map(([code, n]) => `${code}×${n}`)
        .join(' ');
      const row =
        `| ${name} | ${connections} | ${mode} | ${at.p50.toFixed(1)} | ${at.p99.toFixed(1)} | ${at.rps.toFixed(0)} | ` +
        `${at.cost?.dbMs.toFixed(2) ?? ''} | ${at.cost?.appCpuMs.toFixed(2) ?? ''} | ${off} |`;
      console.log(`${row} (load ${load()})`);
      rows.push(row);
    }
  }
}
console.log(`\nload after: ${load()}`);
console.log(
  '| endpoint | connections | events | p50 ms | p99 ms | req/s | primary ms/req | app CPU ms/req | non-2xx |\n' +
    '|---|---:|---|---:|---:|---:|---:|---:|---|',
);
for (const row of rows) console.log(row);
