// The packaged app runs the sandbox from the electron-vite bundle, where thread.ts does not
// exist: the build must emit the writer thread, and the bundled sandbox must start it rather
// than fall back to committing on the main process's event loop.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type * as SandboxModule from '../../../sandbox/index.ts';

const OUT = resolve(import.meta.dirname, '../../../out/main');
const built = existsSync(join(OUT, 'index.js'));

describe.skipIf(!built)('the bundled sandbox (needs `npm run build`)', () => {
  it('starts its writer thread from the bundle', async () => {
    expect(existsSync(join(OUT, 'sandbox-writer-thread.js'))).toBe(true);
    const chunk = readdirSync(OUT).find((f) => /^sandbox-(?!writer)[\w-]+\.js$/.test(f));
    expect(chunk).toBeDefined();
    const mod = (await import(pathToFileURL(join(OUT, chunk!)).href)) as {
      startSandbox: typeof SandboxModule.startSandbox;
    };
    const lines: string[] = [];
    const dataDir = mkdtempSync(join(tmpdir(), 'mc-bundled-sandbox-'));
    const sb = await mod.startSandbox({ dataDir, port: 0, log: (l) => lines.push(l) });
    try {
      const { api_key } = await sb.createMerchant();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`${sb.baseUrl}/api-checkouts`, {
            method: 'POST',
            headers: { 'x-api-key': api_key, 'content-type': 'application/json' },
            body: JSON.stringify({ items: [{ name: 'Tea', amount: 2.5 }] }),
          }),
        ),
      );
      expect(answers.map((r) => r.status)).toEqual(Array(20).fill(201));
      expect(lines.filter((l) => /writer thread unavailable/.test(l))).toEqual([]);
    } finally {
      await sb.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

if (!built) console.warn('bundled-writer test skipped: run `npm run build` first (npm test does).');
