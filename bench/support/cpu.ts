import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks a second as /proc counts them (USER_HZ, 100 on every Linux we run). */
const TICKS = 100;

/**
 * A process's command and the CPU seconds (user + system) it has used so far, from /proc/<pid>/stat (Linux): the
 * fields after the command's name hold utime at [11] and stime at [12], in clock ticks.
 */
function procStat(pid: number | string): { command: string; seconds: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const close = stat.lastIndexOf(')');
  const fields = stat.slice(close + 2).split(' ');
  return {
    command: stat.slice(stat.indexOf('(') + 1, close),
    seconds: (Number(fields[11]) + Number(fields[12])) / TICKS,
  };
}

/**
 * CPU seconds (user + system) process `pid` has used so far, from /proc (Linux); null elsewhere. Unlike
 * latency and throughput, CPU per request hardly depends on what else a shared machine runs.
 */
export function cpuSeconds(pid: number | undefined): number | null {
  try {
    return procStat(pid!).seconds;
  } catch {
    return null;
  }
}

/** CPU seconds used so far by each process whose command is `command` ('postgres'), by pid, from /proc. */
export function commandCpuSeconds(command: string): Map<string, number> {
  const seconds = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = procStat(pid);
      if (stat.command === command) seconds.set(pid, stat.seconds);
    } catch {
      // Gone since the listing.
    }
  }
  return seconds;
}

/**
 * What the processes of two readings of commandCpuSeconds used between them: each one's growth, all of a process
 * that started meanwhile. One that ended meanwhile took its share with it (a pool's backends and the servers
 * themselves live on, so little is lost; never a negative sum, as totals of the two readings give when a busy
 * backend ends).
 */
export function cpuSecondsBetween(before: Map<string, number>, after: Map<string, number>): number {
  let sum = 0;
  for (const [pid, seconds] of after) sum += seconds - (before.get(pid) ?? 0);
  return sum;
}

/** The whole machine's CPU so far, from /proc/stat: seconds busy and seconds in all, summed over its cores. */
export function machineCpuSeconds(): { busy: number; total: number } {
  const [, ...counts] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  // user nice system idle iowait irq softirq steal (guest time is already inside user and nice).
  const [user, nice, system, idle, iowait, irq, softirq, steal] = counts.map(Number) as number[];
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { busy: busy / TICKS, total: (busy + idle! + iowait!) / TICKS };
}
