// The hub's tables (migrations 12 and 13): the app-wide hub setting (one row) and the receiving
// node's outbox position per profile and account. Credentials are never stored here.
import type { DatabaseSync } from 'node:sqlite';
import type { HubRole } from '#shared/contract/hub.ts';

export interface HubConfig {
  url: string;
  role: HubRole;
  private_network: boolean;
  /** The merchant's name on the hub; null: derived from the service's address. */
  account: string | null;
  /** This console on the hub: names its durable consumer and its lease. */
  device_id: string;
  device_name: string;
  /** The central hub's JetStream domain when `url` is a shop's leaf node; null otherwise. */
  hub_domain: string | null;
}

export interface HubRepo {
  config(): HubConfig | null;
  setConfig(config: HubConfig): void;
  clearConfig(): void;
  /** The highest inbox id the hub acknowledged for this profile and account (0: none). */
  published(profileId: string, account: string): number;
  setPublished(profileId: string, account: string, inboxId: number): void;
}

interface ConfigRow {
  url: string;
  role: HubRole;
  private_network: number;
  account: string | null;
  device_id: string;
  device_name: string;
  hub_domain: string | null;
}

export function openHubRepo(db: DatabaseSync): HubRepo {
  const read = db.prepare(
    'SELECT url, role, private_network, account, device_id, device_name, hub_domain FROM hub_config WHERE id = 1',
  );
  const write = db.prepare(
    `INSERT INTO hub_config (id, url, role, private_network, account, device_id, device_name, hub_domain)
     VALUES (1, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET url = excluded.url, role = excluded.role,
       private_network = excluded.private_network, account = excluded.account,
       device_id = excluded.device_id, device_name = excluded.device_name,
       hub_domain = excluded.hub_domain`,
  );
  const clear = db.prepare('DELETE FROM hub_config');
  const position = db.prepare(
    'SELECT published_id FROM hub_outbox WHERE profile_id = ? AND account = ?',
  );
  const advance = db.prepare(
    `INSERT INTO hub_outbox (profile_id, account, published_id) VALUES (?, ?, ?)
     ON CONFLICT(profile_id, account) DO UPDATE SET
       published_id = MAX(published_id, excluded.published_id)`,
  );
  return {
    config() {
      const row = read.get() as ConfigRow | undefined;
      if (!row) return null;
      return { ...row, private_network: row.private_network === 1 };
    },
    setConfig(c) {
      write.run(
        c.url,
        c.role,
        c.private_network ? 1 : 0,
        c.account,
        c.device_id,
        c.device_name,
        c.hub_domain,
      );
    },
    clearConfig() {
      clear.run();
    },
    published(profileId, account) {
      const row = position.get(profileId, account) as { published_id: number } | undefined;
      return row?.published_id ?? 0;
    },
    setPublished(profileId, account, inboxId) {
      advance.run(profileId, account, inboxId);
    },
  };
}
