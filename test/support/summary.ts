// Prints one closing line for the whole suite ("N passed, N failed, N skipped") from the
// JSON reports of Vitest and Playwright, so CI and people read one number, not two.
import { existsSync, readFileSync } from 'node:fs';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

function vitestCounts(path: string): Counts {
  if (!existsSync(path)) return { passed: 0, failed: 0, skipped: 0 };
  const r = JSON.parse(readFileSync(path, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests,
    skipped: r.numPendingTests + r.numTodoTests,
  };
}

function playwrightCounts(path: string): Counts {
  if (!existsSync(path)) return { passed: 0, failed: 0, skipped: 0 };
  const r = JSON.parse(readFileSync(path, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  return {
    passed: r.stats.expected + r.stats.flaky,
    failed: r.stats.unexpected,
    skipped: r.stats.skipped,
  };
}

const [vitestPath = '', playwrightPath = ''] = process.argv.slice(2);
const v = vitestCounts(vitestPath);
const p = playwrightCounts(playwrightPath);
console.log(`Vitest: ${v.passed} passed, ${v.failed} failed, ${v.skipped} skipped`);
console.log(`Playwright: ${p.passed} passed, ${p.failed} failed, ${p.skipped} skipped`);
console.log(
  `${v.passed + p.passed} passed, ${v.failed + p.failed} failed, ${v.skipped + p.skipped} skipped`,
);
