import type { FastifyBaseLogger } from 'fastify';
import { settlesWithin } from '#server/db/client.js';

/** Each wait is the period give or take this share, so instances started together do not run in step. */
const JITTER = 0.1;
/**
 * How long a stop waits for the run under way. A run stuck on a frozen database is not waited out (its read
 * timeout is 8 s, and a stopping instance has 10 s in all, docs/deploy.md 'How a deploy rolls'): the pool's close
 * drops its statement, and what it had claimed goes back to the others when its lease runs out.
 */
export const STOP_WAIT_MS = 2_000;

export type EveryOptions = {
  log: Pick<FastifyBaseLogger, 'error'>;
  /** The wait before the first run (default: one period). */
  firstMs?: number;
  /**
   * Given the loop's wake: calling it runs the loop now instead of at the end of its wait, or, during a run, once
   * more right after it (work was written that the run may have missed).
   */
  wakeUp?: (wake: () => void) => void;
};

const jittered = (ms: number) => ms * (1 - JITTER + Math.random() * 2 * JITTER);

/**
 * Runs `run` every `periodMs` in this instance until stopped, the next run planned when the last one ends, so
 * runs never overlap (a wake, EveryOptions.wakeUp, brings the next run forward). A run that fails is logged as '`name` failed' and the loop carries on. The timers are
 * unref'd: a loop never keeps a process alive. The stop cancels the next run, asks the run under way to end
 * (its signal aborts) and waits for it at most STOP_WAIT_MS.
 */
export function every(
  name: string,
  periodMs: number,
  run: (stop: AbortSignal) => Promise<unknown>,
  options: EveryOptions,
): () => Promise<void> {
  const stopping = new AbortController();
  let running: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let woken = false;
  const plan = (ms: number) => {
    timer = setTimeout(() => {
      woken = false;
      // Through a promise, so that a run that throws before its first await is logged like any other failure.
      running = Promise.resolve(stopping.signal)
        .then(run)
        .catch((err: unknown) => options.log.error({ err }, `${name} failed`))
        .finally(() => {
          running = null;
          if (!stopping.signal.aborted) plan(woken ? 0 : periodMs);
        });
    }, jittered(ms));
    timer.unref();
  };
  plan(options.firstMs ?? periodMs);
  options.wakeUp?.(() => {
    if (stopping.signal.aborted) return;
    woken = true;
    if (running) return;
    clearTimeout(timer);
    plan(0);
  });
  return async () => {
    stopping.abort();
    clearTimeout(timer);
    if (running) await settlesWithin(running, STOP_WAIT_MS);
  };
}
