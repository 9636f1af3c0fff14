// The Sandbox profile's zero set-up: start the embedded service, point the profile at it,
// and make sure the profile has a working key (provisioned once per sandbox data folder and
// reused across restarts; a key the sandbox no longer accepts is replaced).
import { createApiClient } from '../api/index.ts';
import { EngineError } from '#shared/errors.ts';
import { SANDBOX_ID } from '../profiles/index.ts';
import { launchSandbox, readLauncherState, writeLauncherState } from './launcher.ts';
import type { EmbeddedSandbox } from './launcher.ts';
import type { HttpConfig } from '../api/index.ts';
import type { ProfileKeys } from '../profiles/index.ts';
import type { Store } from '../database.ts';

export interface SandboxSetup {
  store: Store;
  keys: ProfileKeys;
  /** The console's data folder; the sandbox keeps its data in <dataDir>/sandbox. */
  dataDir: string;
  /** Divides the delays of the sandbox's webhook retries (tests). */
  timeScale?: number | undefined;
  http?: Partial<HttpConfig> | undefined;
  /** Aborts the key check still running when the engine closes. */
  signal: AbortSignal;
  log: (message: string) => void;
}

export async function startEmbeddedSandbox(setup: SandboxSetup): Promise<EmbeddedSandbox> {
  const sandbox = await launchSandbox({
    dataDir: setup.dataDir,
    timeScale: setup.timeScale,
    log: (line) => setup.log(`[sandbox] ${line}`),
  });
  setup.store.profiles.update(SANDBOX_ID, { base_url: sandbox.baseUrl });
  return sandbox;
}

/** Ensures the Sandbox profile holds a key this sandbox accepts. */
export async function ensureSandboxKey(
  setup: SandboxSetup,
  sandbox: EmbeddedSandbox,
): Promise<void> {
  // The sandbox may have moved to another free port since the key was saved; the key is
  // only valid for this sandbox's data folder, so it follows the sandbox, and nowhere else.
  await setup.keys.rebindSandboxKey(sandbox.baseUrl).catch(() => undefined);
  const existing = await setup.keys.read(SANDBOX_ID, sandbox.baseUrl).catch(() => null);
  if (existing !== null) {
    try {
      await createApiClient({
        baseUrl: sandbox.baseUrl,
        key: existing,
        http: setup.http,
      }).listCheckouts({ limit: 1 }, { signal: setup.signal });
      return;
    } catch (err) {
      if (!(err instanceof EngineError) || err.code !== 'key_rejected') return;
      setup.log(
        'the stored sandbox key is not accepted by this sandbox; provisioning a new merchant',
      );
    }
  }
  const merchant = await sandbox.createMerchant();
  if ((await setup.keys.problem()) === null) {
    await setup.keys.save(SANDBOX_ID, merchant.api_key, sandbox.baseUrl);
  } else {
    // No keychain: never written anywhere; a new merchant is provisioned next session.
    setup.keys.holdForSession(SANDBOX_ID, merchant.api_key, sandbox.baseUrl);
  }
  const state = await readLauncherState(setup.dataDir);
  await writeLauncherState(setup.dataDir, { ...state, merchant_id: merchant.merchant_id });
}
