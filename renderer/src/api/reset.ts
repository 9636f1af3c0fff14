// After a profile switch every account-specific answer is stale: drop it (so the previous
// account's checkouts never flash on screen) and refetch what is on screen.
import type { QueryClient } from '@tanstack/react-query';
import { qk } from './query-keys.ts';

export async function resetAccountData(client: QueryClient): Promise<void> {
  for (const key of [qk.checkouts, qk.sync, qk.payments, qk.totals, qk.receiver, qk.key]) {
    client.removeQueries({ queryKey: key });
  }
  await client.invalidateQueries();
}
