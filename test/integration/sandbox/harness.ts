// A sandbox on 127.0.0.1 port 0 with its own temp data folder, and a merchant, per test file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../sandbox/index.ts';

export interface Harness {
  sandbox: RunningSandbox;
  dataDir: string;
  key: string;
  merchantId: string;
  /** fetch against the sandbox with the merchant's key (unless headers override it). */
  api(path: string, init?: RequestInit): Promise<Response>;
  post(path: string, body: unknown, key?: string): Promise<Response>;
  stop(): Promise<void>;
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'sandbox-test-'));
}

export async function startHarness(
  options: Partial<SandboxOptions> = {},
  dataDir = tempDir(),
): Promise<Harness> {
  const sandbox = await startSandbox({ dataDir, ...options });
  const merchant = await sandbox.createMerchant();
  const api = (path: string, init: RequestInit = {}) =>
    fetch(sandbox.baseUrl + path, {
      ...init,
      headers: { 'x-api-key': merchant.api_key, ...(init.headers as Record<string, string>) },
    });
  return {
    sandbox,
    dataDir,
    key: merchant.api_key,
    merchantId: merchant.merchant_id,
    api,
    post: (path, body, key = merchant.api_key) =>
      fetch(sandbox.baseUrl + path, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    async stop() {
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ApiError {
  error: { code: string; message: string; details?: { field: string; message: string }[] };
}

export async function expectError(
  res: Response,
  status: number,
  code: string,
): Promise<ApiError['error']> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${text}`);
  if (!res.headers.get('content-type')?.startsWith('application/json')) {
    throw new Error(`expected a JSON error, got ${res.headers.get('content-type')}: ${text}`);
  }
  const body = JSON.parse(text) as ApiError;
  if (body.error.code !== code) throw new Error(`expected code ${code}: ${text}`);
  // Exactly {error: {code, message, details?}}.
  if (Object.keys(body).join() !== 'error') throw new Error(`extra top-level keys: ${text}`);
  const keys = Object.keys(body.error).sort().join();
  if (keys !== 'code,message' && keys !== 'code,details,message') {
    throw new Error(`unexpected error keys: ${text}`);
  }
  return body.error;
}
