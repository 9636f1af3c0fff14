// The store's public shape. Every query lives behind these repositories (no SQL outside
// store/); everything except app settings is scoped by profile id so that switching profile
// switches data cleanly.
import type { DatabaseSync } from 'node:sqlite';
import type { CheckoutsRepo, MirrorRepo } from '../mirror/types.ts';
import type { PaymentsRepo, ReceiverRepo, RechecksRepo, WebhooksRepo } from '../receiver/types.ts';
import type { SettingsRepo } from '../settings/index.ts';
import type { ConnectionPragma } from './pragmas.ts';

export type ProfileKind = 'sandbox' | 'live';

/** A profile as stored; the facade adds the key status from the vault. */
export interface StoredProfile {
  id: string;
  name: string;
  kind: ProfileKind;
  base_url: string;
  created_at: string;
}

export interface ProfilesRepo {
  list(): StoredProfile[];
  get(id: string): StoredProfile | null;
  /** Inserts the profile; throws if the id exists. */
  add(profile: Omit<StoredProfile, 'created_at'> & { created_at?: string }): StoredProfile;
  update(id: string, patch: { name?: string; base_url?: string }): StoredProfile | null;
  /** Removes the profile and every row scoped to it. Returns false if it did not exist. */
  remove(id: string): boolean;
  activeId(): string | null;
  setActiveId(id: string): void;
}

export interface Store {
  readonly path: string;
  readonly profiles: ProfilesRepo;
  readonly settings: SettingsRepo;
  readonly checkouts: CheckoutsRepo;
  /** The mirror's sync cursor and the questions a sync asks (mirror/mirror-repo.ts). */
  readonly mirror: MirrorRepo;
  readonly payments: PaymentsRepo;
  readonly webhooks: WebhooksRepo;
  /** The receiver's path token, request log, runs and downtime (receiver/receiver-repo.ts). */
  readonly receiver: ReceiverRepo;
  /** Payments whose checkout is to be looked up again (receiver/rechecks-repo.ts). */
  readonly rechecks: RechecksRepo;
  /**
   * The connection, for the receiver's own tables (inbox, request log, runs): their SQL
   * lives with the receiver, in electron/core/receiver/.
   */
  readonly db: DatabaseSync;
  /**
   * Another connection to this file, opened for the store's data (the receiver's writer
   * thread): limited with it (limitPages) and closed with it. Returns the detach function.
   */
  attach(connection: AttachedConnection): () => void;
  /** The schema version after migrations. */
  schemaVersion(): number;
  /** This connection's pragma (pragmas.ts): diagnostics and the fault tests. */
  pragma(name: ConnectionPragma, value?: number): number;
  /**
   * Sets max_page_count on this connection and every attached one: the database is "full"
   * beyond that many pages (how the fault tests fill the disk without root).
   */
  limitPages(pages: number): Promise<void>;
  close(): void;
}

/** A connection the store limits and closes along with its own (see Store.attach). */
export interface AttachedConnection {
  pragma(name: ConnectionPragma, value?: number): Promise<number>;
  close(): Promise<void>;
}
