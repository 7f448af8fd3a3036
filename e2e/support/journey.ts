import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startApp, type RunningApp } from './app.js';
import { launchBrowser } from './browser.js';

/** Stands for what `get` returns once it is there: a journey file names its app and browser before they start. */
function once<T extends object>(what: string, get: () => T | undefined): T {
  return new Proxy({} as T, {
    get(_, key) {
      const target = get();
      if (!target) throw new Error(`the journey's ${what} is not started: use it in a test or a hook`);
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * The app and a Chromium for one journey file, in place of a beforeAll/afterAll of its own: both are started side
 * by side before its first test and stopped after its last. `env` may be a function, read in that beforeAll, when
 * it names something the file starts in a beforeAll of its own registered earlier (a mail server, an OpenID
 * provider); that one is then stopped after these.
 */
export function journeyFixture(
  env: Record<string, string> | (() => Record<string, string>) = {},
  options: { captureOutput?: boolean } = {},
): { app: RunningApp; browser: Browser } {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const [started, launched] = await Promise.allSettled([
      startApp(typeof env === 'function' ? env() : env, options),
      launchBrowser(),
    ]);
    // Whichever started is stopped by the afterAll below, even when the other failed to.
    if (started.status === 'fulfilled') app = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    for (const result of [started, launched]) if (result.status === 'rejected') throw result.reason;
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
  return { app: once('app', () => app), browser: once('browser', () => browser) };
}
