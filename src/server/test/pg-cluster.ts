import { execFileSync, spawnSync } from 'node:child_process';
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
  /** SIGSTOP to the server and its backends: it keeps its sockets and answers nothing (a partition). */
  freeze: () => void;
  thaw: () => void;
  destroy: () => void;
};

export async function startPgCluster(): Promise<PgCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'tradesbid-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(BIN, command), ...args]]
      : [join(BIN, command), args];
    const result = spawnSync(file, argv, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  };
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  const signalAll = (signal: 'STOP' | 'CONT') => {
    const pid = readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]!.trim();
    const children = spawnSync('pgrep', ['-P', pid], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
    execFileSync('kill', [`-${signal}`, pid, ...children]);
  };
  start();
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop: () => {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      stopped = true;
    },
    start: () => {
      start();
      stopped = false;
    },
    restart: () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-m', 'fast', '-w', 'restart']),
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
