import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where a test run's folders go: one folder per run, made and removed by vitest's global setup (below). */
const RUN_DIR = 'TRADESBID_TEST_TMP';

/**
 * A new folder for a test's files (an app's DATA_DIR, a built client, an S3 server's objects), inside the
 * test run's own folder, which goes when the run ends: suites run again and again on one machine (CI runs on
 * the session's own), and a whole suite used to leave some 300 MB behind in /tmp.
 */
export function testTempDir(prefix: string): string {
  return mkdtempSync(join(process.env[RUN_DIR] || tmpdir(), prefix));
}

/** vitest's globalSetup (vitest.config.ts): the run's folder, before any test file starts, and its removal. */
export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'tradesbid-run-'));
  process.env[RUN_DIR] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
