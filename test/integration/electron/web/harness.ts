// The web transport in front of the real engine (embedded sandbox profile, memory vault),
// each test with its own data folder and ports, all removed afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine } from '../../../../electron/core/index.ts';
import { MemoryVault } from '../../../../electron/core/vault/index.ts';
import type { Engine } from '../../../../electron/core/index.ts';
import { startWebServer, type WebServer } from '../../../../electron/web/server.ts';

export interface WebHarness {
  engine: Engine;
  web: WebServer;
  dataDir: string;
  close(): Promise<void>;
}

export async function openWebHarness(o: { staticDir?: string } = {}): Promise<WebHarness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'web-int-'));
  const engine = await createEngine(
    {
      dataDir: join(dataDir, 'data'),
      transport: 'web',
      version: '0.0.0-test',
      vault: new MemoryVault(),
      sandboxTimeScale: 1000,
      profile: 'sandbox',
      log: () => undefined,
    },
    { http: { timeoutMs: 5000, baseDelayMs: 10 } },
  );
  // By default an empty static folder: most tests are about the API, not the screens.
  const web = await startWebServer({ engine, staticDir: o.staticDir ?? join(dataDir, 'no-build') });
  return {
    engine,
    web,
    dataDir,
    async close() {
      await web.close();
      await engine.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// Paying works the same for every transport: reuse the engine suite's helper.
export { payCheckout } from '../core/engine/harness.ts';
