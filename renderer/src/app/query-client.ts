import { focusManager, QueryClient } from '@tanstack/react-query';
import { toEngineError } from '../bridge/index.ts';

// Engine calls are local and cheap; a failure is usually a real answer (bad key, offline),
// so retry once for transient codes only, and let the screen offer "Try again".
const TRANSIENT = new Set(['timeout', 'offline', 'server_error', 'rate_limited']);

// React Query only watches visibilitychange, which does not fire when a visible window
// regains focus (switching back from the browser beside it); listen for focus as well.
// (Called with no argument, the manager re-reads the page's visibility and tells queries.)
focusManager.setEventListener((onFocus) => {
  const changed = () => onFocus();
  window.addEventListener('visibilitychange', changed);
  window.addEventListener('focus', changed);
  return () => {
    window.removeEventListener('visibilitychange', changed);
    window.removeEventListener('focus', changed);
  };
});

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: true,
        retry: (count, err) => count < 1 && TRANSIENT.has(toEngineError(err).code),
      },
      mutations: { retry: false },
    },
  });
}
