// The database as the engine uses it: the connection (store/) and one repository per owner
// of its tables, each built once, here, by its owner's open function on that connection.
// This is the one way a repository is reached: whoever needs one is handed the Store (the
// engine's handler context carries it) and calls store.<repository>. Only the worker threads
// build an owner's repository themselves, on a connection of their own (the search thread,
// the receiver's writer thread).
import { openDayRepo, type DayRepo } from './day/day-repo.ts';
import { devicesSql, type DevicesSql } from './devices/devices-sql.ts';
import { openCheckoutsRepo } from './mirror/checkouts-repo.ts';
import { openMirrorRepo } from './mirror/mirror-repo.ts';
import type { CheckoutsRepo, MirrorRepo } from './mirror/types.ts';
import { openHubRepo, type HubRepo } from './hub/hub-repo.ts';
import { openProfilesRepo } from './profiles/profiles-repo.ts';
import type { ProfilesRepo } from './profiles/types.ts';
import { reconcileCounters } from './receiver/payment-counters.ts';
import { openPaymentsRepo } from './receiver/payments-repo.ts';
import { openReceiverRepo } from './receiver/receiver-repo.ts';
import { openRechecksRepo } from './receiver/rechecks-repo.ts';
import type { PaymentsRepo, ReceiverRepo, RechecksRepo, WebhooksRepo } from './receiver/types.ts';
import { openWebhooksRepo } from './receiver/webhooks-repo.ts';
import { openSettingsRepo, type SettingsRepo } from './settings/index.ts';
import { openConnection, type Connection } from './store/index.ts';

export interface StoreOptions {
  /** Clock for timestamps the repositories add themselves (tests). */
  now?: () => number;
  /** Told when files an earlier console left readable by others were made private. */
  log?: (message: string) => void;
}

/** The connection and every owner's repository on it (docs/architecture.md). */
export interface Store extends Connection {
  /** profiles/: the profiles, and which one is active. */
  readonly profiles: ProfilesRepo;
  /** settings/: the settings table, app-wide settings and named keys. */
  readonly settings: SettingsRepo;
  /** mirror/: the mirrored checkouts. */
  readonly checkouts: CheckoutsRepo;
  /** mirror/: the sync cursor, the kept count, the paid queue's refresh. */
  readonly mirror: MirrorRepo;
  /** receiver/: payments as read, today's totals, a checkout's activity. */
  readonly payments: PaymentsRepo;
  /** receiver/: the webhook registration record. */
  readonly webhooks: WebhooksRepo;
  /** receiver/: the path token, the request log, runs and downtime. */
  readonly receiver: ReceiverRepo;
  /** receiver/: payments whose checkout is to be looked up again. */
  readonly rechecks: RechecksRepo;
  /** day/: the closes (Z reports) and the automatic close; reads the period's payments. */
  readonly day: DayRepo;
  /** devices/: paired screens, the Other screens setting, which screen made each link. */
  readonly devices: DevicesSql;
  /** hub/: the hub setting and the receiving node's outbox position. */
  readonly hub: HubRepo;
}

/** Opens the database at dbPath (see openConnection) and builds the owners' repositories. */
export function openStore(dbPath: string, options: StoreOptions = {}): Store {
  const now = options.now ?? Date.now;
  const connection = openConnection(dbPath, {
    ...(options.log ? { log: options.log } : {}),
    // The receiver's counters checked against its payments at every open.
    afterMigrate: reconcileCounters,
  });
  const { db } = connection;
  const settings = openSettingsRepo(db);
  const checkouts = openCheckoutsRepo(db, now);
  const receiver = openReceiverRepo(db);
  const devices = devicesSql(db);
  return {
    ...connection,
    profiles: openProfilesRepo(db, {
      settings,
      // Removing a profile removes its rows in every owner's tables, in one transaction.
      forget: [checkouts.forget, receiver.forget, devices.forget],
    }),
    settings,
    checkouts,
    mirror: openMirrorRepo(db, checkouts),
    payments: openPaymentsRepo(db, now),
    webhooks: openWebhooksRepo(db),
    receiver,
    rechecks: openRechecksRepo(db),
    day: openDayRepo(db),
    devices,
    hub: openHubRepo(db),
  };
}
