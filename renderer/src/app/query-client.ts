import { QueryClient } from '@tanstack/react-query';
import { toMerchantError } from '../bridge/index.ts';

// Engine calls are local and cheap; a failure is usually a real answer (bad key, offline),
// so retry once for transient codes only, and let the screen offer "Try again".
const TRANSIENT = new Set(['timeout', 'offline', 'server_error', 'rate_limited']);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: true,
        retry: (count, err) => count < 1 && TRANSIENT.has(toMerchantError(err).code),
      },
      mutations: { retry: false },
    },
  });
}
