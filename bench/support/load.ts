/**
 * The load generator of the API benches, run as its own process (never inside a server's process):
 *
 *   node --import tsx bench/support/load.ts <plan.json>
 *
 * The plan names a base URL, connections, seconds and a list of requests, sent in order and cycled
 * (a plan of bids holds more fresh provider/job pairs than a run can send, so none is sent twice; were
 * it exhausted, the repeats would show as 409s). autocannon drives the load for `seconds`; the result
 * is one JSON line on stdout.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export type PlannedRequest = { method: 'GET' | 'POST'; path: string; cookie: string; body?: string };
export type LoadPlan = {
  url: string;
  connections: number;
  seconds: number;
  requests: PlannedRequest[];
  /** Send exactly this many requests, however long it takes (then `seconds` is ignored). */
  amount?: number;
};
export type LoadResult = {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
};

async function main() {
  const plan = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as LoadPlan;
  let next = 0;
  const result = await autocannon({
    url: plan.url,
    connections: plan.connections,
    duration: plan.seconds,
    ...(plan.amount ? { amount: plan.amount } : {}),
    timeout: 30,
    requests: [
      {
        setupRequest: (request) => {
          const planned = plan.requests[next++ % plan.requests.length]!;
          return {
            ...request,
            method: planned.method,
            path: planned.path,
            headers: {
              cookie: planned.cookie,
              origin: plan.url,
              ...(planned.body ? { 'content-type': 'application/json' } : {}),
            },
            body: planned.body,
          };
        },
      },
    ],
  });
  const statuses: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = stats.count;
  const out: LoadResult = {
    requests: result.requests.total,
    seconds: result.duration,
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
  };
  console.log(JSON.stringify(out));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
