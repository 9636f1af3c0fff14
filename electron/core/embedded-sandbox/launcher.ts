// Starts the embedded sandbox service in-process. The ONLY file in electron/core allowed to
// import sandbox/ (lint-enforced); everything else reaches the sandbox over HTTP. The import
// is dynamic so that live-only use never loads the sandbox's code or opens its database.
import { readFile, writeFile, rename, mkdir } from 'node:fs/promises';
import { join } from 'node:path';

export interface LaunchOptions {
  /** The console's data folder; the sandbox keeps its data in <dataDir>/sandbox. */
  dataDir: string;
  timeScale?: number | undefined;
  log?: (line: string) => void;
}

export interface EmbeddedSandbox {
  baseUrl: string;
  port: number;
  createMerchant(): Promise<{ merchant_id: string; api_key: string }>;
  /** Phone mode: the pay pages (only) on `host` too; new links use it (sandbox/index.ts). */
  openPayListener(host: string): Promise<{ base: string }>;
  closePayListener(): Promise<void>;
  payListener(): { base: string } | null;
  close(): Promise<void>;
}

/** Not secret: the port to try first next time and the merchant this folder provisioned. */
export interface LauncherState {
  port: number | null;
  merchant_id: string | null;
}

export function sandboxDataDir(dataDir: string): string {
  return join(dataDir, 'sandbox');
}

const stateFile = (dataDir: string) => join(dataDir, 'sandbox-launcher.json');

export async function readLauncherState(dataDir: string): Promise<LauncherState> {
  try {
    const raw = JSON.parse(await readFile(stateFile(dataDir), 'utf8')) as Partial<LauncherState>;
    const port =
      Number.isInteger(raw.port) && (raw.port as number) > 0 && (raw.port as number) < 65536
        ? (raw.port as number)
        : null;
    const merchant_id = typeof raw.merchant_id === 'string' ? raw.merchant_id : null;
    return { port, merchant_id };
  } catch {
    return { port: null, merchant_id: null };
  }
}

export async function writeLauncherState(dataDir: string, state: LauncherState): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const tmp = `${stateFile(dataDir)}.tmp`;
  // 0600 like everything in the data folder (the rename keeps the mode).
  await writeFile(tmp, JSON.stringify(state), { encoding: 'utf8', mode: 0o600 });
  await rename(tmp, stateFile(dataDir));
}

/**
 * Starts the sandbox on 127.0.0.1, first on the port it had last time (so the profile's base
 * URL and the checkout links already handed out keep working), else on any free port.
 */
export async function launchSandbox(opts: LaunchOptions): Promise<EmbeddedSandbox> {
  const { startSandbox } = await import('../../../sandbox/index.ts');
  const state = await readLauncherState(opts.dataDir);
  const common = {
    host: '127.0.0.1',
    dataDir: sandboxDataDir(opts.dataDir),
    ...(opts.timeScale === undefined ? {} : { timeScale: opts.timeScale }),
    ...(opts.log ? { log: opts.log } : {}),
  };
  let running;
  try {
    running = await startSandbox({ ...common, port: state.port ?? 0 });
  } catch (err) {
    if (state.port === null || (err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    running = await startSandbox({ ...common, port: 0 });
  }
  if (running.port !== state.port) {
    await writeLauncherState(opts.dataDir, { ...state, port: running.port });
  }
  return {
    baseUrl: running.baseUrl,
    port: running.port,
    createMerchant: () => running.createMerchant(),
    openPayListener: (host) => running.openPayListener(host),
    closePayListener: () => running.closePayListener(),
    payListener: () => running.payListener(),
    close: () => running.close(),
  };
}
