// Prints one closing line for the whole suite ("N passed, N failed, N skipped") from the
// JSON reports of Vitest and Playwright, so CI and people read one number, not several.
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

function counts(path: string): Counts {
  // A missing report means that runner crashed before writing it: count that as a failure.
  if (!existsSync(path)) return { passed: 0, failed: 1, skipped: 0 };
  const r = JSON.parse(readFileSync(path, 'utf8')) as Partial<VitestReport & PlaywrightReport>;
  if (r.stats) {
    return {
      passed: r.stats.expected + r.stats.flaky,
      failed: r.stats.unexpected,
      skipped: r.stats.skipped,
    };
  }
  return {
    passed: r.numPassedTests ?? 0,
    failed: r.numFailedTests ?? 0,
    skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
  };
}

const total: Counts = { passed: 0, failed: 0, skipped: 0 };
for (const path of process.argv.slice(2)) {
  const c = counts(path);
  console.log(
    `${basename(path, '.json')}: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`,
  );
  total.passed += c.passed;
  total.failed += c.failed;
  total.skipped += c.skipped;
}
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
