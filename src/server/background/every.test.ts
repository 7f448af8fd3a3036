import { describe, expect, it } from 'vitest';
import { every, STOP_WAIT_MS } from './every.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A logger that keeps what it was given. */
function keptLog() {
  const logged: unknown[][] = [];
  return { logged, log: { error: (...args: unknown[]) => logged.push(args) } };
}

describe('every', () => {
  it('runs again after a failure, which it logs under its name, and never runs twice at once', async () => {
    const { logged, log } = keptLog();
    let runs = 0;
    let running = 0;
    let overlapped = false;
    const stop = every(
      'probe',
      10,
      async () => {
        runs += 1;
        running += 1;
        overlapped ||= running > 1;
        await sleep(30);
        running -= 1;
        if (runs === 1) throw new Error('first run fails');
      },
      { log },
    );
    try {
      await expect.poll(() => runs, { timeout: 2_000 }).toBeGreaterThanOrEqual(3);
    } finally {
      await stop();
    }
    expect(overlapped).toBe(false);
    expect(logged).toEqual([[{ err: new Error('first run fails') }, 'probe failed']]);
  });

  it('logs a run that throws before its first await, and carries on', async () => {
    const { logged, log } = keptLog();
    let runs = 0;
    const stop = every(
      'eager',
      10,
      () => {
        runs += 1;
        throw new Error('thrown at once');
      },
      { log },
    );
    try {
      await expect.poll(() => runs, { timeout: 2_000 }).toBeGreaterThanOrEqual(2);
    } finally {
      await stop();
    }
    expect(logged[0]).toEqual([{ err: new Error('thrown at once') }, 'eager failed']);
  });

  it('stops: no next run, the run under way is asked to end and waited for', async () => {
    const { log } = keptLog();
    let runs = 0;
    let ended = false;
    const stop = every(
      'probe',
      10,
      async (signal) => {
        runs += 1;
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
        await sleep(20);
        ended = true;
      },
      { log },
    );
    await expect.poll(() => runs, { timeout: 2_000 }).toBe(1);
    await stop();
    expect(ended).toBe(true);
    await sleep(50);
    expect(runs).toBe(1);
  });

  it('waits at most STOP_WAIT_MS for a run that does not end', async () => {
    const { log } = keptLog();
    let started = false;
    const stop = every(
      'stuck',
      10,
      () => {
        started = true;
        return new Promise(() => {});
      },
      { log },
    );
    await expect.poll(() => started, { timeout: 2_000 }).toBe(true);
    const begun = performance.now();
    await stop();
    const ms = performance.now() - begun;
    expect(ms).toBeGreaterThanOrEqual(STOP_WAIT_MS - 50);
    expect(ms).toBeLessThan(STOP_WAIT_MS + 500);
  });

  it('waits the first wait it is given before its first run, give or take a tenth', async () => {
    const { log } = keptLog();
    const begun = performance.now();
    let firstAt = 0;
    const stop = every(
      'probe',
      10_000,
      async () => {
        firstAt ||= performance.now() - begun;
      },
      { log, firstMs: 200 },
    );
    try {
      await expect.poll(() => firstAt, { timeout: 2_000 }).toBeGreaterThan(0);
    } finally {
      await stop();
    }
    expect(firstAt).toBeGreaterThanOrEqual(180 - 5);
    expect(firstAt).toBeLessThan(1_000);
  });

  it('runs at once when woken, and once more right after a run it was woken during', async () => {
    const { log } = keptLog();
    let wake = () => {};
    let runs = 0;
    let release = () => {};
    const stop = every(
      'woken',
      60_000,
      async () => {
        runs += 1;
        if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
      },
      { log, wakeUp: (given) => (wake = given) },
    );
    try {
      wake();
      await expect.poll(() => runs, { timeout: 1_000 }).toBe(1);
      wake();
      wake();
      await sleep(30);
      expect(runs).toBe(1);
      release();
      await expect.poll(() => runs, { timeout: 1_000 }).toBe(2);
      await sleep(50);
      expect(runs).toBe(2);
    } finally {
      await stop();
    }
  });
});
