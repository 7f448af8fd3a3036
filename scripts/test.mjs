#!/usr/bin/env node
// The whole suite: unit and API tests, then the production build, then browser journeys in Chromium.
// Runs on embedded PGlite, or on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const reportDir = mkdtempSync(join(tmpdir(), 'tradesbid-test-report-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let failed = false;

function run(label, command, args) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) failed = true;
  return result.status === 0;
}

function vitest(project) {
  const output = join(reportDir, `${project}.json`);
  const ok = run(`${project} tests`, 'npx', [
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${output}`,
  ]);
  try {
    const report = JSON.parse(readFileSync(output, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    if (report.numTotalTests === 0) {
      console.error(`${project}: no tests ran`);
      failed = true;
    }
  } catch {
    failed = true;
  }
  return ok;
}

/** What the production build is made of: a new build only when one of these changed since the last. */
function sourceFingerprint() {
  const hash = createHash('sha1');
  const walk = (path) => {
    const stat = statSync(path);
    if (!stat.isDirectory()) return hash.update(`${path}:${stat.size}:${stat.mtimeMs}\n`);
    for (const name of readdirSync(path).sort()) if (!name.endsWith('.test.ts')) walk(join(path, name));
  };
  for (const path of [
    'src',
    'scripts',
    'vite.config.ts',
    'tsconfig.json',
    'tsconfig.server.json',
    'package-lock.json',
  ]) {
    if (existsSync(path)) walk(path);
  }
  return hash.digest('hex');
}

function build() {
  const stamp = join('dist', '.source-fingerprint');
  const fingerprint = sourceFingerprint();
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === fingerprint && existsSync('dist/client/index.html')) {
    console.log('\n=== production build: dist/ is already built from these sources');
    return true;
  }
  if (!run('production build', 'npm', ['run', 'build', '--silent'])) return false;
  writeFileSync(stamp, fingerprint);
  return true;
}

console.log(`Database: ${process.env.TEST_DATABASE_URL ? 'PostgreSQL (TEST_DATABASE_URL)' : 'embedded PGlite'}`);
vitest('api');
if (build()) {
  // The journeys serve the build just made instead of building the client once more for themselves.
  process.env.E2E_CLIENT_DIR = join(process.cwd(), 'dist', 'client');
  vitest('e2e');
}

console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
rmSync(reportDir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
