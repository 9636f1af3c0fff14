// The service under test, for one test file: the in-process sandbox with a fresh merchant,
// or the real service named by CHECKOUT_BASE_URL / CHECKOUT_API_KEY.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { externalTarget } from './target-env.ts';

export const EXTERNAL = externalTarget(process.env);
export const IS_EXTERNAL = EXTERNAL !== null;

export interface Target {
  baseUrl: string;
  /** Known for the sandbox; for a real service only when CHECKOUT_PAGE_BASE is given. */
  checkoutPageBase: string | undefined;
  apiKey: string;
  /** Known for the sandbox's fresh merchant only. */
  merchantId: string | undefined;
  /** A second merchant of the sandbox (isolation checks); undefined for a real service. */
  otherMerchant(): Promise<{ merchant_id: string; api_key: string }>;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
}

export interface CallOptions {
  /** JSON-encoded unless `raw` is given. */
  body?: unknown;
  raw?: string;
  /** null sends no x-api-key header; a string replaces the target's key. */
  key?: string | null;
  headers?: Record<string, string>;
}

/** Registers set-up and tear-down for the calling test file and returns its target. */
export function useTarget(): () => Target {
  let target: Target | undefined;
  let cleanup: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (EXTERNAL) {
      target = {
        ...EXTERNAL,
        merchantId: undefined,
        otherMerchant: () => Promise.reject(new Error('not available for a real service')),
      };
      return;
    }
    const { startSandbox } = await import('../../sandbox/index.ts');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'conformance-'));
    const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', dataDir, timeScale: 1000 });
    const merchant = await sandbox.createMerchant();
    target = {
      baseUrl: sandbox.baseUrl,
      checkoutPageBase: sandbox.checkoutPageBase,
      apiKey: merchant.api_key,
      merchantId: merchant.merchant_id,
      otherMerchant: () => sandbox.createMerchant(),
    };
    cleanup = async () => {
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(async () => {
    await cleanup?.();
  });
  return () => {
    if (!target) throw new Error('the conformance target is not ready (beforeAll failed)');
    return target;
  };
}

export async function call(
  target: Target,
  method: string,
  pathAndQuery: string,
  options: CallOptions = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const key = options.key === undefined ? target.apiKey : options.key;
  if (key !== null) headers['x-api-key'] = key;
  let body: string | undefined = options.raw;
  if (body === undefined && options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(target.baseUrl + pathAndQuery, {
    method,
    headers,
    body,
    redirect: 'manual',
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** A key of the right form that no service issued: same prefix, random rest. */
export function unknownKeyLike(key: string): string {
  const prefix = key.slice(0, key.indexOf('_live_'));
  return `${prefix}_live_${'conformance0invalid0key0'.padEnd(40, '0')}`;
}
