// Builds the app with electron-vite only when a source is newer than the build in out/, so
// `npm start` and `npm test` start at once on an unchanged tree. Also a command:
// `node scripts/launch/build-if-stale.ts` (test/run-all.sh uses it).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { errorMessage } from '#shared/error-message.ts';

/** What the build reads: a change in any of these makes out/ stale. */
export const BUILD_INPUTS = [
  'electron',
  'renderer',
  'shared',
  'sandbox',
  'electron.vite.config.ts',
  'package.json',
];

/** What the build writes: one missing means there is no usable build. */
export const BUILD_OUTPUTS = [
  'out/main/index.js',
  'out/preload/index.cjs',
  'out/renderer/index.html',
];

function newestMtime(path: string): number {
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** The first reason to build, or null when out/ is newer than every input. */
export function staleReason(root: string): string | null {
  let oldestOutput = Infinity;
  for (const out of BUILD_OUTPUTS) {
    const st = statSync(join(root, out), { throwIfNoEntry: false });
    if (!st) return `${out} is missing`;
    oldestOutput = Math.min(oldestOutput, st.mtimeMs);
  }
  for (const input of BUILD_INPUTS) {
    if (newestMtime(join(root, input)) > oldestOutput) return `${input} changed`;
  }
  return null;
}

export type BuildOutcome = { built: false } | { built: true; reason: string };

/**
 * Runs `electron-vite build` when out/ is stale. Its output is shown only when it fails, so
 * a first start prints one line instead of a page of bundle sizes.
 */
export function buildIfStale(root: string, log: (line: string) => void): BuildOutcome {
  const reason = staleReason(root);
  if (reason === null) return { built: false };
  log(`Building the console (${reason})…`);
  const require = createRequire(join(root, 'package.json'));
  const cli = join(
    resolve(require.resolve('electron-vite/package.json'), '..'),
    'bin/electron-vite.js',
  );
  const run = spawnSync(process.execPath, [cli, 'build'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) {
    process.stderr.write(`${run.stdout ?? ''}${run.stderr ?? ''}`);
    throw new Error(
      `the build failed (electron-vite build exited with ${run.status ?? run.signal}); its output is above.`,
    );
  }
  return { built: true, reason };
}

if (import.meta.main) {
  const root = resolve(import.meta.dirname, '../..');
  try {
    const outcome = buildIfStale(root, (line) => console.error(line));
    if (!outcome.built) console.error('The build in out/ is up to date.');
  } catch (err) {
    console.error(`Build: ${errorMessage(err)}`);
    process.exit(1);
  }
}
