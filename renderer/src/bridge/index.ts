// window.merchant comes from the Electron preload; in a browser the web bridge provides it.
// Every call is wrapped so screens always receive an EngineError.
import { groupChannels } from '#shared/channels.ts';
import type { MerchantApi } from '#shared/contract.ts';
import { toEngineError } from './errors.ts';
import { takeToken } from './token.ts';
import { createWebBridge } from './web-bridge.ts';

declare global {
  interface Window {
    merchant?: MerchantApi;
  }
}

function wrapErrors(api: MerchantApi): MerchantApi {
  const byGroup = api as unknown as Record<
    string,
    Record<string, (i?: unknown) => Promise<unknown>>
  >;
  const methods = groupChannels((_channel, group, name) => {
    const call = byGroup[group]![name]!;
    return async (input?: unknown) => {
      try {
        return await call(input);
      } catch (err) {
        throw toEngineError(err);
      }
    };
  });
  return { ...methods, on: api.on, ready: api.ready } as unknown as MerchantApi;
}

export type Transport = 'electron' | 'web';

/** Why the page has no engine: the words are chosen by the screen that shows it (main.tsx). */
export type BridgeProblem = 'no_access_link';

function resolve(): { api: MerchantApi; transport: Transport } | { error: BridgeProblem } {
  if (window.merchant) return { api: wrapErrors(window.merchant), transport: 'electron' };
  const token = takeToken();
  if (!token) return { error: 'no_access_link' };
  return { api: wrapErrors(createWebBridge(token.token, '', token.kind)), transport: 'web' };
}

const resolved = resolve();

export const bridgeError: BridgeProblem | null = 'error' in resolved ? resolved.error : null;
export const transport: Transport = 'transport' in resolved ? resolved.transport : 'web';

/** The engine. Only used after main.tsx has checked bridgeError. */
export const merchant: MerchantApi = 'api' in resolved ? resolved.api : ({} as MerchantApi);

export { EngineError, toEngineError, errorMessage } from './errors.ts';
