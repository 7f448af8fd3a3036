import { describe, expect, it } from 'vitest';
import { REPLICA_MAX_LAG_MS } from '#server/db/client.js';
import { SharedAnswers } from './read-routing.js';

// Decision 057: an answer is handed out again only while the data it was read from is at most REPLICA_MAX_LAG_MS old.
describe('SharedAnswers', () => {
  function setup(capacity = 10) {
    let now = 1_000_000;
    const answers = new SharedAnswers<string>(capacity, () => now);
    const reads: string[] = [];
    const read =
      (key: string, value = key) =>
      () => {
        reads.push(key);
        return Promise.resolve(value);
      };
    return { answers, reads, read, tick: (ms: number) => (now += ms), now: () => now };
  }

  it('hands an answer out again while its data is no older than the replica may be, then reads afresh', async () => {
    const { answers, reads, read, tick, now } = setup();
    expect(await answers.get('plumbing', now(), read('plumbing', 'first'))).toBe('first');
    tick(REPLICA_MAX_LAG_MS);
    expect(await answers.get('plumbing', now(), read('plumbing', 'second'))).toBe('first');
    tick(1);
    expect(await answers.get('plumbing', now(), read('plumbing', 'third'))).toBe('third');
    expect(reads).toEqual(['plumbing', 'plumbing']);
  });

  it('counts from when its data was fresh, not from when it was read', async () => {
    const { answers, reads, read, tick, now } = setup();
    // Read from a replica 2,900 ms behind: it may be handed out for 100 ms more.
    await answers.get('roof', now() - (REPLICA_MAX_LAG_MS - 100), read('roof'));
    tick(100);
    await answers.get('roof', now(), read('roof'));
    expect(reads).toHaveLength(1);
    tick(1);
    await answers.get('roof', now(), read('roof'));
    expect(reads).toHaveLength(2);
  });

  it('lets readers who ask meanwhile wait for the one read under way', async () => {
    const { answers, now } = setup();
    let finish: (value: string) => void = () => {};
    let reads = 0;
    const slow = () => {
      reads++;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const first = answers.get('tile', now(), slow);
    const second = answers.get('tile', now(), slow);
    finish('answer');
    expect(await Promise.all([first, second])).toEqual(['answer', 'answer']);
    expect(reads).toBe(1);
  });

  it('keeps no failed read', async () => {
    const { answers, reads, read, now } = setup();
    const failed = answers.get('fence', now(), () => Promise.reject(new Error('replica went away')));
    await expect(failed).rejects.toThrow('replica went away');
    expect(answers.size).toBe(0);
    expect(await answers.get('fence', now(), read('fence'))).toBe('fence');
    expect(reads).toEqual(['fence']);
  });

  it('keeps at most its capacity, dropping the least recently used', async () => {
    const { answers, reads, read, now } = setup(2);
    await answers.get('a', now(), read('a'));
    await answers.get('b', now(), read('b'));
    await answers.get('a', now(), read('a')); // 'a' used again: 'b' is now the least recent
    await answers.get('c', now(), read('c'));
    expect(answers.size).toBe(2);
    await answers.get('a', now(), read('a'));
    await answers.get('b', now(), read('b'));
    expect(reads).toEqual(['a', 'b', 'c', 'b']);
  });
});
