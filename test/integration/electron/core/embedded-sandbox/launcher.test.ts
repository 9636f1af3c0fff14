// The embedded sandbox launcher: data under <dataDir>/sandbox, the port kept across starts,
// and a busy port falling back to a free one.
import { existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  launchSandbox,
  readLauncherState,
  writeLauncherState,
} from '../../../../../electron/core/embedded-sandbox/launcher.ts';
import { tempDir } from '../engine/harness.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('launchSandbox', () => {
  it('keeps its data in <dataDir>/sandbox and reuses its port', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const a = await launchSandbox({ dataDir });
    const port = a.port;
    expect(a.baseUrl).toBe(`http://127.0.0.1:${port}`);
    expect(existsSync(join(dataDir, 'sandbox'))).toBe(true);
    expect((await readLauncherState(dataDir)).port).toBe(port);
    const m = await a.createMerchant();
    expect(m.api_key).toMatch(/_live_/);
    await a.close();

    const b = await launchSandbox({ dataDir });
    expect(b.port).toBe(port);
    // Same data: the merchant's key still works.
    const res = await fetch(`${b.baseUrl}/api-checkouts?limit=1`, {
      headers: { 'x-api-key': m.api_key },
    });
    expect(res.status).toBe(200);
    await b.close();
  });

  it('falls back to a free port when the saved one is busy', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const busy = (blocker.address() as { port: number }).port;
    try {
      await writeLauncherState(dataDir, { port: busy, merchant_id: null });
      const s = await launchSandbox({ dataDir });
      expect(s.port).not.toBe(busy);
      expect((await readLauncherState(dataDir)).port).toBe(s.port);
      await s.close();
    } finally {
      blocker.close();
    }
  });

  it('ignores an unreadable state file', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(dataDir, 'sandbox-launcher.json'), '{not json');
    expect(await readLauncherState(dataDir)).toEqual({ port: null, merchant_id: null });
  });
});
