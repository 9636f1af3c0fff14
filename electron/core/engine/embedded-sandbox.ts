// The Sandbox profile's zero set-up: start the embedded service, point the profile at it,
// and make sure the profile has a working key (provisioned once per sandbox data folder and
// reused across restarts; a key the sandbox no longer accepts is replaced).
import { createApiClient } from '../api/index.ts';
import type { HttpConfig } from '../api/index.ts';
import { EngineError } from '../errors.ts';
import { SANDBOX_ID } from '../profiles/index.ts';
import type { ProfileKeys } from '../profiles/index.ts';
import { launchSandbox, readLauncherState, writeLauncherState } from '../sandbox-launcher.ts';
import type { EmbeddedSandbox } from '../sandbox-launcher.ts';
import type { Store } from '../store/index.ts';

export interface SandboxDeps {
  store: Store;
  keys: ProfileKeys;
  dataDir: string;
  timeScale?: number | undefined;
  http?: Partial<HttpConfig> | undefined;
  log: (message: string) => void;
  signal: AbortSignal;
}

export async function startEmbeddedSandbox(d: SandboxDeps): Promise<EmbeddedSandbox> {
  const sandbox = await launchSandbox({
    dataDir: d.dataDir,
    timeScale: d.timeScale,
    log: (line) => d.log(`[sandbox] ${line}`),
  });
  d.store.profiles.update(SANDBOX_ID, { base_url: sandbox.baseUrl });
  return sandbox;
}

/** Ensures the Sandbox profile holds a key this sandbox accepts. */
export async function ensureSandboxKey(d: SandboxDeps, sandbox: EmbeddedSandbox): Promise<void> {
  // The sandbox may have moved to another free port since the key was saved; the key is
  // only valid for this sandbox's data folder, so it follows the sandbox, and nowhere else.
  await d.keys.rebindSandboxKey(sandbox.baseUrl).catch(() => undefined);
  const existing = await d.keys.read(SANDBOX_ID, sandbox.baseUrl).catch(() => null);
  if (existing !== null) {
    try {
      await createApiClient({
        baseUrl: sandbox.baseUrl,
        key: existing,
        http: d.http,
      }).listCheckouts({ limit: 1 }, { signal: d.signal });
      return;
    } catch (err) {
      if (!(err instanceof EngineError) || err.code !== 'key_rejected') return;
      d.log('the stored sandbox key is not accepted by this sandbox; provisioning a new merchant');
    }
  }
  const merchant = await sandbox.createMerchant();
  if ((await d.keys.problem()) === null) {
    await d.keys.save(SANDBOX_ID, merchant.api_key, sandbox.baseUrl);
  } else {
    // No keychain: never written anywhere; a new merchant is provisioned next session.
    d.keys.holdForSession(SANDBOX_ID, merchant.api_key, sandbox.baseUrl);
  }
  const state = await readLauncherState(d.dataDir);
  await writeLauncherState(d.dataDir, { ...state, merchant_id: merchant.merchant_id });
}
