// The benchmarks `npm run bench` runs, in order: each is test/bench/<name>.ts, run in its
// own process. Each must check its sample counts with samples.ts (a test reads this list).
export const BENCHES = [
  'sandbox',
  'receiver',
  'webhook-to-screen',
  'memory',
  'renderer',
  'search',
  'day',
  'hub',
  'screens',
];
