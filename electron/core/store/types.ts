// The store's public shape. Every query lives behind these repositories (no SQL outside
// store/); everything except app settings is scoped by profile id so that switching profile
// switches data cleanly.
import type { ConnectionPragma } from './pragmas.ts';
import type {
  Checkout,
  Payment,
  PaymentPage,
  PaymentStatus,
  Settings,
  Totals,
} from '../../../shared/domain.ts';

import type { ReceiverWriter, WriterHooks } from './receiver-writer.ts';

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

export interface SettingsRepo {
  /** All settings, defaults filled in for keys never set. */
  get(): Settings;
  set(patch: Partial<Settings>): Settings;
}

/** A checkout as read from the service: the create (full) or list form, without `paid`. */
export type CheckoutInput = Omit<Checkout, 'paid'>;

export interface CheckoutQuery {
  limit: number;
  offset: number;
  active?: boolean | undefined;
}

export interface CheckoutPageResult {
  data: Checkout[];
  total: number;
  limit: number;
  offset: number;
}

/** What matching a payment against its checkout needs. */
export type CheckoutTerms = Pick<Checkout, 'id' | 'product_name' | 'amount' | 'currency'>;

export interface CheckoutsRepo {
  /** From a create response: keeps items and merchant_id. */
  upsertCreated(profileId: string, checkout: CheckoutInput): Checkout;
  /** From list pages: updates the list fields, keeps items/merchant_id already known. */
  upsertListed(profileId: string, checkouts: readonly CheckoutInput[]): void;
  get(profileId: string, id: string): Checkout | null;
  /**
   * The terms of the stored checkouts among `ids`, by stored id, in one query per few
   * hundred ids (the receiver's matcher looks up a whole batch of events at once).
   */
  termsOf(profileId: string, ids: readonly string[]): Map<string, CheckoutTerms>;
  /** Newest first (created_at, then insertion order). */
  page(profileId: string, query: CheckoutQuery): CheckoutPageResult;
}

export interface WebhookRecord {
  url: string | null;
  registered_at: string | null;
  /** True when the service returned a secret (the secret itself is in the keychain). */
  signed: boolean;
  last_error: string | null;
}

export interface WebhooksRepo {
  get(profileId: string): WebhookRecord | null;
  setRegistered(
    profileId: string,
    rec: { url: string; registered_at: string; signed: boolean },
  ): void;
  setError(profileId: string, error: string | null): void;
  clear(profileId: string): void;
}

export interface PaymentCounts {
  total: number;
  verified: number;
  mismatch: number;
  unknown_checkout: number;
}

export interface PaymentsRepo {
  /** Newest first by received time. */
  page(profileId: string, query: { limit: number; offset: number }): PaymentPage;
  get(profileId: string, paymentId: string): Payment | null;
  /** Verified payments received during the local calendar day containing `nowMs`. */
  todayTotals(profileId: string, nowMs?: number): Totals;
  counts(profileId: string): PaymentCounts;
  /** The checkout ids that have a verified payment, among `ids`. */
  paidCheckoutIds(profileId: string, ids: readonly string[]): Set<string>;
}

/** A validated webhook event about to be made durable. */
export interface InboxEventInput {
  dedupe_key: string;
  webhook_id: string | null;
  checkout_id: string;
  amount: number;
  currency: string;
  signed: boolean;
  received_ms: number;
  /** The raw body as received (kept for audit; never contains a secret). */
  body: string;
}

/** An inbox event as the processor reads it (the raw body stays in the table). */
export interface InboxEvent extends Omit<InboxEventInput, 'body'> {
  id: number;
}

export interface RequestLogInput {
  method: string;
  /** The path with the token replaced (never the token itself). */
  path: string;
  status: number;
  reason: string | null;
  at_ms: number;
}

export interface RequestLogEntry extends Omit<RequestLogInput, 'at_ms'> {
  at: string;
}

/** The processor's verdict on one inbox event. */
export type Settlement =
  | {
      inbox_id: number;
      kind: 'payment';
      status: PaymentStatus;
      reason: string | null;
      product_name: string | null;
      /** The amount in minor units when it is a valid amount for its currency. */
      amount_minor: number | null;
      /** The matched checkout's own id when the event spelled it in another case. */
      checkout_id?: string;
      /** unknown_checkout because the lookup failed: when to look the checkout up again. */
      recheck_ms?: number;
    }
  | { inbox_id: number; kind: 'skip'; reason: string };

/** A payment due to have its checkout looked up again (see rechecks.ts). */
export interface RecheckDue {
  inbox_id: number;
  checkout_id: string;
  amount: number;
  currency: string;
  /** When it was first judged: the retry delay grows with the time since. */
  processed_ms: number;
}

export type RecheckResult =
  | { kind: 'retry'; inbox_id: number; at_ms: number }
  | { kind: 'final'; inbox_id: number; verdict: Extract<Settlement, { kind: 'payment' }> };

export interface RechecksRepo {
  due(profileId: string, nowMs: number, limit: number): RecheckDue[];
  /** When the next recheck is due, or null when none is pending. */
  nextAt(profileId: string): number | null;
  /** Applies the outcomes in one transaction; returns the payments whose row changed. */
  apply(profileId: string, results: readonly RecheckResult[]): Payment[];
}

export interface DowntimeWindow {
  from: string;
  to: string;
  /** 'stopped' after a clean stop, 'crashed' when only a heartbeat was left. */
  cause: 'stopped' | 'crashed';
}

export interface ReceiverRun {
  started_at: string;
  heartbeat_at: string;
  stopped_at: string | null;
}

export interface ReceiverRepo {
  /** A stable, unguessable token for the profile's receiver path (created on first use). */
  token(profileId: string): string;
  rotateToken(profileId: string): string;
  /** Every profile's receiver token (diagnostics mask them all). */
  tokens(): string[];
  /**
   * One transaction for a tick's worth of requests: inserts the events (a duplicate dedupe
   * key changes nothing) and the log lines, then commits. Returns, per event, whether it
   * was new.
   */
  commitBatch(
    profileId: string,
    events: readonly InboxEventInput[],
    logs: readonly RequestLogInput[],
  ): boolean[];
  /** Request log lines that are not part of an event batch (bad input), bounded. */
  log(profileId: string, entries: readonly RequestLogInput[]): void;
  /**
   * The newest requests, newest first: accepted events (from the inbox, which keeps them
   * all) and the bounded log of everything else (rejections, duplicates).
   */
  recentLog(profileId: string, limit: number): RequestLogEntry[];
  unprocessed(profileId: string, limit: number): InboxEvent[];
  /**
   * Applies verdicts in one transaction: inserts payment rows (a second verified payment
   * for a checkout becomes a skip) and marks each event processed. Returns the new payments.
   */
  settle(profileId: string, verdicts: readonly Settlement[], nowMs: number): Payment[];
  lastEventAt(profileId: string): string | null;
  /**
   * Starts a run and returns its id. Records the gap since the previous run ended, but only
   * while the profile has a registered webhook (without one nothing could be delivered).
   */
  startRun(profileId: string, nowMs: number): number;
  heartbeat(runId: number, nowMs: number): void;
  stopRun(runId: number, nowMs: number): void;
  /** The most recent run, for status display and diagnostics. */
  lastRun(profileId: string): ReceiverRun | null;
  /**
   * Records a gap the receiver could not have received in (the computer slept), when the
   * profile has a registered webhook, as startRun does.
   */
  recordGap(profileId: string, fromMs: number, toMs: number): void;
  /** Newest first; only gaps lasting at least `minMs` (default 0: all). */
  downtime(profileId: string, limit: number, minMs?: number): DowntimeWindow[];
}

export interface Store {
  readonly path: string;
  readonly profiles: ProfilesRepo;
  readonly settings: SettingsRepo;
  readonly checkouts: CheckoutsRepo;
  readonly payments: PaymentsRepo;
  readonly webhooks: WebhooksRepo;
  readonly receiver: ReceiverRepo;
  readonly rechecks: RechecksRepo;
  /**
   * The receiver's writer: inbox commits, log lines and settlement on a worker thread with
   * its own connection (in-thread for ':memory:' or if the worker cannot run).
   */
  openReceiverWriter(hooks?: WriterHooks): ReceiverWriter;
  /** The schema version after migrations. */
  schemaVersion(): number;
  /** This connection's pragma (pragmas.ts): diagnostics and the fault tests. */
  pragma(name: ConnectionPragma, value?: number): number;
  /**
   * Sets max_page_count on this connection and every open writer's: the database is "full"
   * beyond that many pages (how the fault tests fill the disk without root).
   */
  limitPages(pages: number): Promise<void>;
  close(): void;
}
