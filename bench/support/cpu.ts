import { readFileSync } from 'node:fs';

/**
 * CPU seconds (user + system) process `pid` has used so far, from /proc (Linux); null elsewhere. Unlike
 * latency and throughput, CPU per request hardly depends on what else a shared machine runs.
 */
export function cpuSeconds(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
