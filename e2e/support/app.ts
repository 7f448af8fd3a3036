import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase, migratedPgliteFolder } from '#server/test/database.js';
import { builtClientDir, ROOT } from './build.js';
import { freePort } from '#server/test/ports.js';

export { freePort };

export type RunningApp = {
  url: string;
  port: number;
  dataDir: string;
  pid?: number;
  /** What the server process wrote (its log lines) so far, with `captureOutput`; empty otherwise. */
  output: () => string;
  /** The server process's exit code once it has exited. */
  exited: Promise<number | null>;
  stop: () => Promise<void>;
};

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || null;

/**
 * The production server in its own process on a free port, serving the built client, on a fresh
 * embedded database (or a fresh PostgreSQL database when TEST_DATABASE_URL is set). An env.CLIENT_DIR
 * (e.g. dist/client after `npm run build`) is served as it is instead of a build made for the journeys.
 * An env.DATABASE_URL (a benchmark's own database) is used as it is, and nothing is made for it.
 */
export async function startApp(
  env: Record<string, string> = {},
  { captureOutput = false }: { captureOutput?: boolean } = {},
): Promise<RunningApp> {
  const clientDir = env.CLIENT_DIR ?? builtClientDir();
  // A journey may pick the port first (an OpenID provider must know the app's callback before it starts).
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const givenDatabase = Boolean(env.DATABASE_URL);
  const database = TEST_DATABASE_URL && !givenDatabase ? await createScratchDatabase(TEST_DATABASE_URL, 'e2e_') : null;
  let dataDir = env.DATA_DIR;
  // A folder made here is removed when the app stops (its database, uploads and .eml files are the run's own).
  const ownDataDir = !dataDir;
  if (!dataDir) {
    dataDir = mkdtempSync(join(tmpdir(), 'tradesbid-e2e-'));
    // A migrated embedded database to start from, as after a restart (a journey that gives its own DATA_DIR
    // sees a true first start: production-server.test.ts).
    if (!database && !givenDatabase) cpSync(await migratedPgliteFolder(), join(dataDir, 'pglite'), { recursive: true });
  }
  const compiled = join(ROOT, 'dist/server/server/main.js');
  const useCompiled = process.env.E2E_USE_SOURCE !== '1' && existsSync(compiled);
  const args = useCompiled ? [compiled] : ['--conditions=source', '--import', 'tsx', join(ROOT, 'src/server/main.ts')];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...(database ? { DATABASE_URL: database.url } : { DATABASE_URL: '' }),
      ...env,
    },
    stdio: ['ignore', captureOutput ? 'pipe' : 'inherit', captureOutput ? 'pipe' : 'inherit'],
  });
  // Kept for a journey that reads the log (no secret in any line, docs/contract.md §3.5).
  const chunks: Buffer[] = [];
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk: Buffer) => chunks.push(chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app exited with ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('app not ready within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    dataDir,
    pid: child.pid,
    exited,
    output: () => Buffer.concat(chunks).toString('utf8'),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      await database?.drop();
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
