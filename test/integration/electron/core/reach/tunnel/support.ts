// A "remote" service and fake tunnel tools for the tunnel tests. The sandbox listens on
// 0.0.0.0 like a hosted service; such a sandbox refuses loopback webhook targets unless
// allowPrivateWebhooks (the CLI's --allow-private-webhooks) is set, and the fake tunnels'
// public URLs are loopback forwarders (there is no internet here), so the flag is on. The
// webhook is only ever registered with the tunnel's URL: the tests choose the tunnel before
// giving the profile its key, and check the registered URL.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox, type RunningSandbox } from '../../../../../../sandbox/index.ts';
import type { Store } from '../../../../../../electron/core/database.ts';
import { openEngine, tempDir, type Harness } from '../../engine/harness.ts';

export const FAKE_BIN = fileURLToPath(new URL('../../../../../fixtures/bin', import.meta.url));

export interface FakeEvent {
  pid: number;
  at: number;
  event: 'up' | 'forward' | 'stopped' | 'failed';
  url?: string;
  status?: number;
  /** The fake ngrok: whether its inspector is on (`--inspect=false` turns it off). */
  inspect?: boolean;
}

export interface World {
  h: Harness;
  service: RunningSandbox;
  serviceLog: string[];
  store: () => Store;
  /** The environment the tools run with; a test may change it before a tool starts. */
  env: NodeJS.ProcessEnv;
  /** What the fake tools did, read from their state file. */
  fakes(): FakeEvent[];
  close(): Promise<void>;
}

export async function openWorld(
  env: Record<string, string> = {},
  tunnel: { backoffMs?: number; startTimeoutMs?: number } = {},
): Promise<World> {
  const serviceDir = tempDir();
  const stateDir = tempDir();
  const stateFile = join(stateDir, 'fakes.jsonl');
  writeFileSync(stateFile, '');
  const serviceLog: string[] = [];
  const service = await startSandbox({
    port: 0,
    host: '0.0.0.0',
    dataDir: serviceDir,
    timeScale: 1000,
    allowPrivateWebhooks: true,
    log: (line) => serviceLog.push(line),
  });
  const toolEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${FAKE_BIN}${delimiter}${process.env.PATH ?? ''}`,
    FAKE_TUNNEL_STATE: stateFile,
    ...env,
  };
  const h = await openEngine({
    parts: {
      reach: {
        tunnel: {
          env: toolEnv,
          backoffMs: tunnel.backoffMs ?? 100,
          startTimeoutMs: tunnel.startTimeoutMs ?? 15_000,
        },
      },
    },
  });
  return {
    h,
    service,
    serviceLog,
    store: (): Store => h.store,
    env: toolEnv,
    fakes: () =>
      readFileSync(stateFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as FakeEvent),
    async close() {
      await h.close();
      await service.close();
      rmSync(serviceDir, { recursive: true, force: true });
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

/** Whether a process is still running. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
