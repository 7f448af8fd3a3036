#!/usr/bin/env node
// The whole suite: unit and API tests, then the production build, then browser journeys in Chromium.
// Runs on embedded PGlite, or on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
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

console.log(`Database: ${process.env.TEST_DATABASE_URL ? 'PostgreSQL (TEST_DATABASE_URL)' : 'embedded PGlite'}`);
vitest('api');
if (run('production build', 'npm', ['run', 'build', '--silent'])) vitest('e2e');

console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failed ? 1 : 0);
