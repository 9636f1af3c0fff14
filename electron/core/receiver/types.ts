// The receiver's durable records: inbox events, payments and their counters, the request
// log, settlement verdicts, rechecks, runs and downtime, the webhook registration record.
// Their tables are created by the store's migrations; all their SQL is in this folder
// (the *-repo.ts files, writer-sql.ts, payment-counters.ts).
import type {
  Payment,
  PaymentPage,
  PaymentStatus,
  Totals,
  WebhookEventRef,
} from '#shared/domain.ts';

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

/** A committed delivery as the receiving node forwards it to the hub (docs/hub.md). */
export interface HubEvent {
  id: number;
  webhook_id: string | null;
  signed: boolean;
  received_ms: number;
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

export type DowntimeCause = 'stopped' | 'crashed' | 'asleep';

export interface DowntimeWindow {
  from: string;
  to: string;
  /**
   * 'stopped' after a clean stop, 'crashed' when only a heartbeat was left, 'asleep' for a
   * sleep of the computer noticed at the wake.
   */
  cause: DowntimeCause;
}

export interface ReceiverRepo {
  /** A stable, unguessable token for the profile's receiver path (created on first use). */
  token(profileId: string): string;
  /** Every profile's receiver token (diagnostics mask them all). */
  tokens(): string[];
  /**
   * The newest requests, newest first: accepted events (from the inbox, which keeps them
   * all) and the bounded log of everything else (rejections, duplicates).
   */
  recentLog(profileId: string, limit: number): RequestLogEntry[];
  lastEventAt(profileId: string): string | null;
  /** Committed events after inbox id `afterId`, oldest first (the hub's outbox reads them). */
  eventsAfter(profileId: string, afterId: number, limit: number): HubEvent[];
  /** The newest inbox id of the profile (0: none). */
  lastEventId(profileId: string): number;
  /**
   * Starts a run and returns its id. Records the gap since the previous run ended, but only
   * while the profile has a registered webhook (without one nothing could be delivered).
   */
  startRun(profileId: string, nowMs: number): number;
  heartbeat(runId: number, nowMs: number): void;
  stopRun(runId: number, nowMs: number): void;
  /**
   * Records a gap the receiver could not have received in (the computer slept), when the
   * profile has a registered webhook, as startRun does.
   */
  recordGap(profileId: string, fromMs: number, toMs: number): void;
  /** Newest first; only gaps lasting at least `minMs` (default 0: all). */
  downtime(profileId: string, limit: number, minMs?: number): DowntimeWindow[];
  /**
   * A span of full disk began at `fromMs` (a delivery's commit failed for lack of space):
   * recorded open, so a crash before it ends still leaves its start.
   */
  diskFullFrom(profileId: string, fromMs: number): void;
  /** The span that began at `fromMs` ended (written whole when its start could not be). */
  diskFullTo(profileId: string, fromMs: number, toMs: number): void;
  /** Removes every row of the profile in the receiver's tables (the profile is removed). */
  forget(profileId: string): void;
}

/** A payment row as written (the shape toPayment in payments.ts reads). */
export interface WrittenPayment {
  id: string;
  checkout_id: string;
  amount: number;
  amount_minor: number | null;
  currency: string;
  status: 'verified' | 'mismatch' | 'unknown_checkout';
  reason: string | null;
  product_name: string | null;
  signed: number;
  received_ms: number;
}

/** A payments row as read (payment-rows.ts turns it into a Payment). */
export interface PaymentRow {
  id: string;
  checkout_id: string;
  amount: number;
  currency: string;
  status: PaymentStatus;
  reason: string | null;
  product_name: string | null;
  signed: number;
  received_ms: number;
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

/** What arrived for one checkout (the detail view). */
export interface CheckoutActivity {
  payments: Payment[];
  webhook_events: WebhookEventRef[];
}

export interface PaymentsRepo {
  /** One checkout's payments and the webhook events behind them, newest first. */
  activity(profileId: string, checkoutId: string): CheckoutActivity;
  /** Newest first by received time. */
  page(profileId: string, query: { limit: number; offset: number }): PaymentPage;
  get(profileId: string, paymentId: string): Payment | null;
  /** Verified payments received during the local calendar day containing `nowMs`. */
  todayTotals(profileId: string, nowMs?: number): Totals;
  counts(profileId: string): PaymentCounts;
  /** The checkout ids that have a verified payment, among `ids`. */
  paidCheckoutIds(profileId: string, ids: readonly string[]): Set<string>;
  /** Whether any profile has a payment stored (Welcome: the console was used). */
  anyStored(): boolean;
  /** Payments of a range by status and product: history pages and their export. */
  history: PaymentsHistory;
}

export interface HistoryFilter {
  /** Included. */
  startMs: number;
  /** Excluded. */
  endMs: number;
  status?: PaymentStatus | undefined;
  /** Trimmed; empty or absent: any product. */
  product?: string | undefined;
}

export interface HistorySums {
  total: number;
  totals: { currency: string; amount: number; count: number }[];
  flagged: { status: 'mismatch' | 'unknown_checkout'; count: number }[];
}

export interface PaymentsHistory {
  /** One page, newest first, with the count and sums of the whole set (one snapshot). */
  page(
    profileId: string,
    f: HistoryFilter,
    limit: number,
    offset: number,
  ): HistorySums & { data: Payment[] };
  /** The whole set in the page's order, in one pass (the CSV export). */
  rows(profileId: string, f: HistoryFilter): Iterable<Payment>;
  /** EXPLAIN QUERY PLAN of the page statement (tests and the bench note read it). */
  plan(f: HistoryFilter): string[];
}
