import { fileURLToPath } from 'node:url';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { SlowestFirst } from './e2e/support/sequencer.js';

// The OpenID Provider of the tests serves TLS with a test certificate (src/server/test/oidc/); Node reads
// NODE_EXTRA_CA_CERTS when a process starts, so it is set here, before the test workers are started.
process.env.NODE_EXTRA_CA_CERTS = fileURLToPath(new URL('src/server/test/oidc/ca.pem', import.meta.url));

// Our own package.json "imports" point at TypeScript sources under the 'source' condition. Packages resolve
// as Node resolves them: without Vite's 'module' condition, which picks bundler-only builds (the AWS SDK's
// dist-es imports files without extensions, which Node cannot load).
const conditions = ['source', ...defaultServerConditions.filter((condition) => condition !== 'module')];
const resolve = { conditions };
const ssr = { resolve: { conditions } };

export default defineConfig({
  test: {
    // The slowest journeys start first on a fresh clone too (e2e/support/sequencer.ts).
    sequence: { sequencer: SlowestFirst },
    projects: [
      {
        resolve,
        ssr,
        test: {
          name: 'api',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['src/server/test/setup.ts'],
          // Every folder a test makes lives in one folder of the run, removed when it ends.
          globalSetup: ['src/server/test/temp-dir.ts'],
          // A worker keeps its modules from one file to the next instead of importing the app anew for each
          // (import time was a third of the suite's CPU); every file builds its own app on its own database.
          isolate: false,
          // Two files at a time on both databases: an embedded PGlite runs inside its file's worker, so a second
          // worker uses the second core (CI's PGlite pass with cheap test hashes and a template database
          // 560 s -> about 200 s).
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
        ssr,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['src/server/test/temp-dir.ts'],
          // As in the api project: a worker keeps the support and server modules it imported from one journey
          // file to the next (importing them anew for each of 19 files was some 80 s of the journeys' CPU);
          // every file still starts its own app and browser.
          isolate: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // expect.poll waits as long as a locator does (15 s), not vitest's 1 s: an upload re-encoded by the
          // server, or a page on a loaded machine, may take longer than a second (CI failed on one).
          expect: { poll: { timeout: 15_000 } },
          // Two journey files at a time, each with its own server, database and browser: on a 2-core
          // machine the journeys wait on each other's I/O as much as on the CPU (CI 217 s → about 160 s).
          maxWorkers: 2,
        },
      },
    ],
  },
});
