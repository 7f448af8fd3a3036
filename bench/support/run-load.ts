import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT } from '../../e2e/support/build.js';
import type { LoadPlan, LoadResult } from './load.js';

/** One autocannon run in its own process. */
export async function load(plan: LoadPlan): Promise<LoadResult> {
  const file = join(mkdtempSync(join(tmpdir(), 'tradesbid-load-')), 'plan.json');
  writeFileSync(file, JSON.stringify(plan));
  try {
    return await runLoad(file);
  } finally {
    rmSync(dirname(file), { recursive: true, force: true });
  }
}

async function runLoad(file: string): Promise<LoadResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/support/load.ts'), file], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`load generator exited with ${code}`);
  return JSON.parse(out.trim().split('\n').at(-1)!) as LoadResult;
}
