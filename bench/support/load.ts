/**
 * The load generator of the API benches, run as its own process (never inside a server's process):
 *
 *   node --import tsx bench/support/load.ts <plan.json>
 *
 * The plan names a base URL, connections, seconds and a list of requests, sent in order and cycled
 * (a plan of bids holds more fresh provider/job pairs than a run can send, so none is sent twice; were
 * it exhausted, the repeats would show as 409s). autocannon drives the load for `seconds`; the result
 * is one JSON line on stdout.
 *
 * req/s is counted over the time from the start to the last answer, not over autocannon's own `duration`: that
 * ends at its next one-second sample, so a run of `amount` requests that finished in 2.1 s reported 3.0 s, and
 * a write's req/s moved in steps of a whole second (900 bids in 3.0 or 4.0 s: 300 or 225 req/s).
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import autocannon, { type Result } from 'autocannon';

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
  /** The load generator's own CPU over the run (user + system, ms): what sending the load cost the machine. */
  generatorCpuMs: number;
};

async function main() {
  const plan = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as LoadPlan;
  let next = 0;
  const start = performance.now();
  const cpuAtStart = process.cpuUsage();
  let lastAnswer = start;
  const result = await new Promise<Result>((resolve, reject) => {
    const run = autocannon(
      {
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
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    run.on('response', () => (lastAnswer = performance.now()));
  });
  const seconds = (lastAnswer - start) / 1000;
  const cpu = process.cpuUsage(cpuAtStart);
  const statuses: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = stats.count;
  const out: LoadResult = {
    requests: result.requests.total,
    seconds,
    rps: result.requests.total / seconds,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
    generatorCpuMs: (cpu.user + cpu.system) / 1000,
  };
  console.log(JSON.stringify(out));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
