// The checkout mirror's records: the mirrored checkouts (as created here or read from list
// pages), their search index and the paid queue beside it, the count per profile and each
// profile's sync cursor. Their tables are created by the store's migrations; all their SQL is
// in this folder.
import type { Checkout } from '#shared/domain.ts';

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

/** A listed checkout the store could not keep. */
export interface ListedFailure {
  id: string;
  error: string;
}

/** What matching a payment against its checkout needs. */
export type CheckoutTerms = Pick<Checkout, 'id' | 'product_name' | 'amount' | 'currency'>;

export interface CheckoutsRepo {
  /** From a create response: keeps items and merchant_id. */
  upsertCreated(profileId: string, checkout: CheckoutInput): Checkout;
  /**
   * From list pages: updates the list fields, keeps items/merchant_id already known. A row
   * SQLite refuses (a constraint, a value it cannot index) is left out, not the whole page:
   * those come back, with SQLite's reason (for the log, not for a person).
   */
  upsertListed(profileId: string, checkouts: readonly CheckoutInput[]): ListedFailure[];
  get(profileId: string, id: string): Checkout | null;
  /**
   * The terms of the stored checkouts among `ids`, by stored id, in one query per few
   * hundred ids (the receiver's matcher looks up a whole batch of events at once).
   */
  termsOf(profileId: string, ids: readonly string[]): Map<string, CheckoutTerms>;
  /** Newest first (created_at, then insertion order). */
  page(profileId: string, query: CheckoutQuery): CheckoutPageResult;
  /** Removes the profile's checkouts (their index rows and count go by trigger). */
  forget(profileId: string): void;
  /** Whether any profile has a checkout stored (Welcome: the console was used). */
  anyStored(): boolean;
}

export interface MirrorCursor {
  /** A sync has read every page once; later syncs stop at the first page they know. */
  complete: boolean;
  /** Where the sync under way had got to (null: none under way). */
  resume_offset: number | null;
  /** A full resync was asked for and has not finished. */
  full_pending: boolean;
  total: number | null;
  last_synced_ms: number | null;
}

export interface MirrorRepo {
  cursor(profileId: string): MirrorCursor;
  save(profileId: string, cursor: MirrorCursor): void;
  /**
   * Stores a synced page's checkouts and the cursor it reached in one transaction (a killed
   * sync goes on from a page it kept); returns the rows SQLite refused (upsertListed).
   */
  storePage(
    profileId: string,
    checkouts: readonly CheckoutInput[],
    next: (now: MirrorCursor) => MirrorCursor,
  ): ListedFailure[];
  /**
   * Rewrites the search index's rows of checkouts paid since they were indexed (the paid
   * queue, paid-queue.ts); returns how many it took. The owner's refresh step: after each
   * sync, and before a search with a status chip.
   */
  refreshPaidFacets(): number;
  /** Checkouts in the mirror for a profile (the kept count, one row). */
  mirrored(profileId: string): number;
  /** The stored `active` of those of `ids` the mirror holds. */
  knownActive(profileId: string, ids: readonly string[]): Map<string, boolean>;
  /** The stored created_at of those of `ids` the mirror holds. */
  createdAt(profileId: string, ids: readonly string[]): Map<string, string>;
}
