// The hub's credentials live in the OS keychain like the API keys (one entry, app-wide),
// never in console.db, a log or a status. They become the NATS client's authenticator.
import {
  credsAuthenticator,
  nkeyAuthenticator,
  tokenAuthenticator,
  usernamePasswordAuthenticator,
  type Authenticator,
} from '@nats-io/transport-node';
import { HubCredentials } from '#shared/contract/hub.ts';
import type { KeyVault } from '../vault/key-vault.ts';

export const HUB_CREDENTIALS_ACCOUNT = 'hub:credentials';

export async function saveHubCredentials(vault: KeyVault, c: HubCredentials | null): Promise<void> {
  if (c === null) await vault.delete(HUB_CREDENTIALS_ACCOUNT);
  else await vault.set(HUB_CREDENTIALS_ACCOUNT, JSON.stringify(c));
}

export async function loadHubCredentials(vault: KeyVault): Promise<HubCredentials | null> {
  const raw = await vault.get(HUB_CREDENTIALS_ACCOUNT);
  if (raw === null) return null;
  try {
    const parsed = HubCredentials.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function authenticatorFor(c: HubCredentials): Authenticator {
  const bytes = (s: string) => new TextEncoder().encode(s.trim());
  if ('user' in c) return usernamePasswordAuthenticator(c.user, c.password);
  if ('token' in c) return tokenAuthenticator(c.token);
  if ('nkey_seed' in c) return nkeyAuthenticator(bytes(c.nkey_seed));
  return credsAuthenticator(bytes(c.creds));
}
