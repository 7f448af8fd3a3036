import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports.js';

/**
 * A PostgreSQL cluster of the test's own (initdb / pg_ctl on a free port in a temp folder), so that a
 * test may stop, freeze and restart its server — never the shared one on 5432. Runs as the `postgres`
 * user when started as root (initdb refuses root).
 */
const BIN = process.env.PG_BIN_DIR || '/usr/lib/postgresql/15/bin';
export const hasPostgresBinaries = existsSync(join(BIN, 'initdb'));

export type PgCluster = {
  url: string;
  port: number;
  stop: () => void;
  start: () => void;
  restart: () => void;
  /** stop and start without blocking the event loop: a benchmark's load keeps running meanwhile. */
  stopAsync: () => Promise<void>;
  startAsync: () => Promise<void>;
  /** SIGSTOP to the server and its backends: it keeps its sockets and answers nothing (a partition). */
  freeze: () => void;
  thaw: () => void;
  destroy: () => void;
};

const asRoot = process.getuid?.() === 0;
const commandLine = (command: string, args: string[]): [string, string[]] =>
  asRoot ? ['runuser', ['-u', 'postgres', '--', join(BIN, command), ...args]] : [join(BIN, command), args];
const run = (command: string, args: string[]) => {
  const result = spawnSync(...commandLine(command, args), { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
};
const runAsync = (command: string, args: string[]) =>
  new Promise<void>((resolve, reject) =>
    execFile(...commandLine(command, args), { encoding: 'utf8' }, (error, stdout, stderr) =>
      error ? reject(new Error(`${command} failed: ${stderr || stdout || error.message}`)) : resolve(),
    ),
  );

/** A folder the postgres user may write, and a free port. */
async function clusterPlace(): Promise<{ dir: string; data: string; port: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'tradesbid-pg-'));
  chmodSync(dir, 0o777);
  return { dir, data: join(dir, 'data'), port: await freePort() };
}

export async function startPgCluster(): Promise<PgCluster> {
  const place = await clusterPlace();
  run('initdb', ['-D', place.data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  return runCluster(place);
}

/**
 * A streaming replica of `primary` (pg_basebackup -R: a standby that follows the primary's WAL), on a port of
 * its own, read-only, controlled like any cluster here.
 */
export async function startReplicaOf(primary: PgCluster): Promise<PgCluster> {
  const place = await clusterPlace();
  run('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    place.data,
    '-R',
    '-X',
    'stream',
    '--no-sync',
  ]);
  return runCluster(place);
}

function runCluster({ dir, data, port }: { dir: string; data: string; port: number }): PgCluster {
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const startArgs = ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start'];
  const stopArgs = ['-D', data, '-m', 'fast', '-w', 'stop'];
  const start = () => run('pg_ctl', startArgs);
  const signalAll = (signal: 'STOP' | 'CONT') => {
    const pid = readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]!.trim();
    const children = spawnSync('pgrep', ['-P', pid], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
    try {
      execFileSync('kill', [`-${signal}`, pid, ...children], { stdio: 'ignore' });
    } catch {
      // A backend that ended between pgrep and kill: every other process was signalled all the same.
    }
  };
  start();
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop: () => {
      run('pg_ctl', stopArgs);
      stopped = true;
    },
    start: () => {
      start();
      stopped = false;
    },
    restart: () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-m', 'fast', '-w', 'restart']),
    stopAsync: async () => {
      await runAsync('pg_ctl', stopArgs);
      stopped = true;
    },
    startAsync: async () => {
      await runAsync('pg_ctl', startArgs);
      stopped = false;
    },
    freeze: () => signalAll('STOP'),
    thaw: () => signalAll('CONT'),
    destroy: () => {
      try {
        if (existsSync(join(data, 'postmaster.pid'))) signalAll('CONT');
        if (!stopped) run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already down
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
