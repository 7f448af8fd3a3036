import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { sessionCookieOf } from '#server/test/cookies.js';

/**
 * The chaos bench's side of HTTP: the two app instances it starts (and kills and starts again) and the
 * calls its load generator makes to them, each classified as the table counts it.
 */
export type Outcome = 'ok' | 'refused' | 'unavailable' | 'error' | 'network';
export const OUTCOMES: Outcome[] = ['ok', 'refused', 'unavailable', 'error', 'network'];

export type Answer = {
  outcome: Outcome;
  status: number;
  /** Whatever JSON the app sent; the workload reads the fields it needs. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  ms: number;
  cookie: string | null;
  /** Why no answer came (ECONNREFUSED, ECONNRESET, timeout, …). */
  error?: string;
};

/** Who calls: a session cookie and the client address a load balancer would put in X-Forwarded-For. */
export type Caller = { cookie: string | null; ip: string };

const REQUEST_TIMEOUT_MS = 20_000;

export class Instance {
  child: ChildProcess | null = null;
  readonly url: string;
  readonly agent = new Agent({ keepAlive: true, maxSockets: 256 });
  starts = 0;
  /** Exits nobody asked for (a crash, or someone else's signal), as `code` or `signal`. */
  readonly unexpectedExits: string[] = [];
  onUnexpectedExit: ((instance: Instance) => void) | null = null;
  private expectingExit = false;
  /** Every answer (and failure to get one) from this instance so far, probes included. */
  readonly counts: Record<Outcome, number> = { ok: 0, refused: 0, unavailable: 0, error: 0, network: 0 };

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly entry: string,
    readonly env: Record<string, string>,
    private readonly logFile: string,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  /** Spawns the built server (its output appended to the log file) and waits for GET /readyz 200. */
  async start(timeoutMs = 60_000): Promise<void> {
    this.starts += 1;
    const log = createWriteStream(this.logFile, { flags: 'a' });
    const child = spawn(process.execPath, [this.entry], {
      env: { ...process.env, ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.pipe(log);
    child.stderr!.pipe(log);
    this.child = child;
    this.expectingExit = false;
    child.once('exit', (code, signal) => {
      if (this.expectingExit || this.child !== child) return;
      this.unexpectedExits.push(signal ?? `exit code ${code}`);
      this.onUnexpectedExit?.(this);
    });
    const deadline = Date.now() + timeoutMs;
    while (!(await this.isReady())) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`instance ${this.name} ended (${child.signalCode ?? child.exitCode}); see ${this.logFile}`);
      }
      if (Date.now() > deadline) throw new Error(`instance ${this.name} not ready within ${timeoutMs / 1000} s`);
      await sleep(100);
    }
  }

  async isReady(): Promise<boolean> {
    return (await call(this, null, 'GET', '/readyz')).outcome === 'ok';
  }

  /** SIGKILL: no shutdown, whatever was in flight is cut. Resolves once the process is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    this.expectingExit = true;
    child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    this.expectingExit = true;
    child.kill('SIGTERM');
    await exited;
    this.agent.destroy();
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function classify(status: number): Outcome {
  if (status >= 200 && status < 300) return 'ok';
  if (status === 503) return 'unavailable';
  if (status >= 400 && status < 500) return 'refused';
  return 'error';
}

/** One request over the instance's kept-alive sockets, as the caller, from the caller's address. */
export function call(
  instance: Instance,
  caller: Caller | null,
  method: string,
  path: string,
  body?: object | string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const done = (status: number, text: string, setCookie: string[] = [], error?: string) => {
      if (settled) return;
      settled = true;
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = text;
      }
      const outcome = status === 0 ? 'network' : classify(status);
      instance.counts[outcome] += 1;
      resolve({
        outcome,
        status,
        body: parsed,
        ms: performance.now() - started,
        cookie: sessionCookieOf(setCookie),
        ...(error ? { error } : {}),
      });
    };
    const req = request(
      `${instance.url}${path}`,
      {
        method,
        agent: instance.agent,
        timeout: REQUEST_TIMEOUT_MS,
        headers: {
          origin: instance.url,
          ...(caller?.cookie ? { cookie: caller.cookie } : {}),
          ...(caller ? { 'x-forwarded-for': caller.ip } : {}),
          ...(payload !== undefined
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done(res.statusCode ?? 0, text, res.headers['set-cookie']));
        res.on('error', (error: NodeJS.ErrnoException) => done(0, '', [], error.code ?? error.message));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error: NodeJS.ErrnoException) => done(0, '', [], error.code ?? error.message));
    req.end(payload);
  });
}

export type Tally = Record<Outcome, number> & { codes: Map<string, number> };

/** Outcomes by operation kind, and the refusal codes and 5xx bodies seen, for the table. */
export class Tallies {
  readonly byKind = new Map<string, Tally>();
  readonly serverErrors: string[] = [];
  /** docs/contract.md §3.8: while the database is away, a 503 within 10 s. */
  slowestUnavailableMs = 0;

  record(kind: string, answer: Answer) {
    let tally = this.byKind.get(kind);
    if (!tally) {
      tally = { ok: 0, refused: 0, unavailable: 0, error: 0, network: 0, codes: new Map() };
      this.byKind.set(kind, tally);
    }
    tally[answer.outcome] += 1;
    if (answer.outcome === 'unavailable') this.slowestUnavailableMs = Math.max(this.slowestUnavailableMs, answer.ms);
    if (answer.outcome === 'refused' || answer.outcome === 'error' || answer.outcome === 'network') {
      const code =
        answer.outcome === 'network'
          ? (answer.error ?? 'network')
          : `${answer.status} ${(answer.body as { code?: string } | null)?.code ?? ''}`.trim();
      tally.codes.set(code, (tally.codes.get(code) ?? 0) + 1);
    }
    if (answer.outcome === 'error' && this.serverErrors.length < 20) {
      this.serverErrors.push(`${kind}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
  }

  total(outcome?: Outcome): number {
    let sum = 0;
    for (const tally of this.byKind.values()) {
      sum += outcome ? tally[outcome] : OUTCOMES.reduce((n, o) => n + tally[o], 0);
    }
    return sum;
  }
}

export const logFileIn = (dir: string, name: string) => join(dir, `instance-${name}.log`);
