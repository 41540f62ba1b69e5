import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/* CPU time of a process, for the bench's "ms of CPU per request": the server's own work, which a
   load generator sharing the two cores does not blur as it blurs requests/s. */

const CLOCK_TICKS_PER_S = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString()) || 100;
  } catch {
    return 100;
  }
})();

/** A process's CPU time so far (user + system) in ms, from /proc; null where it cannot be read. */
export function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
  } catch {
    return null;
  }
}
