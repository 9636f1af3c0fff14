// CPU time of another process from /proc, so benches can report CPU per request of the
// server child (its event-loop thread apart from its worker threads), not only throughput.
import { readFileSync } from 'node:fs';

/** CPU time (µs) a child has used: its main thread alone, and the whole process. */
export function cpuOf(pid: number | undefined): { main: number; total: number } {
  // utime and stime are fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 Hz);
  // the comm field may hold spaces, so fields are counted after its closing parenthesis.
  const ticks = (file: string): number => {
    try {
      const f = readFileSync(file, 'utf8');
      const rest = f.slice(f.lastIndexOf(')') + 2).split(' ');
      return Number(rest[11]) + Number(rest[12]);
    } catch {
      return NaN; // not Linux
    }
  };
  return {
    main: ticks(`/proc/${pid}/task/${pid}/stat`) * 10_000,
    total: ticks(`/proc/${pid}/stat`) * 10_000,
  };
}

/** Adds up a process's CPU time over measured runs, and the requests those runs made. */
export function cpuTally(pid: number | undefined) {
  const sum = { main: 0, total: 0, requests: 0 };
  const round = (us: number) => Number((us / sum.requests).toFixed(1));
  return {
    async measure<T extends { requests: number }>(run: () => Promise<T>): Promise<T> {
      const before = cpuOf(pid);
      const res = await run();
      const after = cpuOf(pid);
      sum.main += after.main - before.main;
      sum.total += after.total - before.total;
      sum.requests += res.requests;
      return res;
    },
    /** µs per request: the main thread's, and the whole process's (worker threads too). */
    perRequest: () => ({ main: round(sum.main), total: round(sum.total) }),
  };
}
