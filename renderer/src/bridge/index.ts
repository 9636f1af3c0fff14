// window.merchant comes from the Electron preload; in a browser the web bridge provides it.
// Every call is wrapped so screens always receive an EngineError.
import type { MerchantApi } from '../../../shared/contract.ts';
import { toEngineError } from './errors.ts';
import { takeToken } from './token.ts';
import { createWebBridge } from './web-bridge.ts';

declare global {
  interface Window {
    merchant?: MerchantApi;
  }
}

function wrapErrors(api: MerchantApi): MerchantApi {
  const out: Record<string, unknown> = {};
  for (const [group, value] of Object.entries(api)) {
    if (typeof value === 'function') {
      out[group] = value;
      continue;
    }
    const methods: Record<string, unknown> = {};
    for (const [name, fn] of Object.entries(value as Record<string, unknown>)) {
      methods[name] = async (input?: unknown) => {
        try {
          return await (fn as (i?: unknown) => Promise<unknown>)(input);
        } catch (err) {
          throw toEngineError(err);
        }
      };
    }
    out[group] = methods;
  }
  return out as MerchantApi;
}

export type Transport = 'electron' | 'web';

function resolve(): { api: MerchantApi; transport: Transport } | { error: string } {
  if (window.merchant) return { api: wrapErrors(window.merchant), transport: 'electron' };
  const token = takeToken();
  if (!token) {
    return {
      error:
        'This page needs its access link. Open the console from the address it printed when it started.',
    };
  }
  return { api: wrapErrors(createWebBridge(token)), transport: 'web' };
}

const resolved = resolve();

export const bridgeError: string | null = 'error' in resolved ? resolved.error : null;
export const transport: Transport = 'transport' in resolved ? resolved.transport : 'web';

/** The engine. Only used after main.tsx has checked bridgeError. */
export const merchant: MerchantApi = 'api' in resolved ? resolved.api : ({} as MerchantApi);

export { EngineError, toEngineError, errorMessage } from './errors.ts';
