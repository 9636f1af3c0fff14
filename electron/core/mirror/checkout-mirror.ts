// Keeps every checkout of the active profile in console.db, read from the service's list
// endpoint (newest first, 100 per page, following offset), so search covers all of them.
//
// - The first sync (and a full resync from Settings) reads every page. Each page is
//   committed with the offset reached, so a sync that is killed goes on from there (one page
//   back: new checkouts push older ones to higher offsets, so going back can only re-read,
//   never skip). It is followed by a quick pass that picks up checkouts made meanwhile.
// - Later syncs (at start, every few minutes, on demand) read from the newest and stop after
//   a full page of checkouts the mirror already has with the same `active`.
// - A failing sync backs off (Retry-After when the service sends one) and says so; what is
//   mirrored stays searchable. Only what the service returned is stored.
// - A sync always ends: a pass stops where the service's list goes round or runs past its
//   total (sync-limits.ts), and one bad row is skipped or fixed, never the page
//   (listed-rows.ts); the status counts them by reason (row_notes).
import type { SyncStatus } from '#shared/domain.ts';
import { EngineError } from '#shared/errors.ts';
import type { ApiClient } from '../api/index.ts';
import type { Store } from '../database.ts';
import { readRows, REASONS, RowNotes } from './listed-rows.ts';
import { PassGuard } from './sync-limits.ts';
import type { MirrorCursor, MirrorRepo } from './types.ts';

export interface MirrorDeps {
  store: Store;
  /** The active profile: the mirror follows it. */
  active: {
    readonly id: string;
    api(profileId: string): Promise<Pick<ApiClient, 'listCheckoutRows'>>;
  };
  emit(status: SyncStatus): void;
  log(message: string): void;
  now?: () => number;
}

export interface MirrorOptions {
  pageSize?: number;
  /** Between syncs while the console is open. */
  intervalMs?: number;
  /** First and largest wait after a failure (doubling in between). */
  backoffMinMs?: number;
  backoffMaxMs?: number;
  /** Multiplies every wait, Retry-After too (tests run time-scaled). */
  timeScale?: number;
  /** At most one progress push per this many ms while pages arrive. */
  progressMs?: number;
  /** Told each page's offset before it is asked for (tests stop a sync there). */
  onPage?: (offset: number, profileId: string) => void;
  /**
   * Runs `fn` after `ms` (the wait for the next sync, or after a failure); returns a cancel.
   * Default: an unref'd setTimeout. Given, it lets a caller see and run the waits itself.
   */
  after?: (ms: number, fn: () => void) => () => void;
}

/** Failures a new or changed key may cure: a sync waiting on one starts again at once. */
const KEY_PROBLEMS = new Set(['no_key', 'key_rejected', 'keychain_locked', 'keychain_unavailable']);

const RETRYABLE = new Set(['offline', 'timeout', 'rate_limited', 'server_error']);

export class CheckoutMirror {
  readonly #deps: MirrorDeps;
  readonly #state: MirrorRepo;
  readonly #opts: Required<Omit<MirrorOptions, 'onPage'>> & Pick<MirrorOptions, 'onPage'>;
  readonly #now: () => number;
  #status: SyncStatus;
  #run: { profileId: string; abort: AbortController; done: Promise<void> } | null = null;
  /** Cancels the wait for the next sync. */
  #timer: (() => void) | null = null;
  /** Per profile: rows not kept as sent, since its last full read. */
  readonly #notes = new Map<string, RowNotes>();
  #failures = 0;
  #again = false;
  #lastPush = 0;
  #pushTimer: ReturnType<typeof setTimeout> | null = null;
  #closed = false;

  constructor(deps: MirrorDeps, opts: MirrorOptions = {}) {
    this.#deps = deps;
    this.#state = deps.store.mirror;
    this.#now = deps.now ?? Date.now;
    this.#opts = {
      pageSize: opts.pageSize ?? 100,
      intervalMs: opts.intervalMs ?? 5 * 60_000,
      backoffMinMs: opts.backoffMinMs ?? 2_000,
      backoffMaxMs: opts.backoffMaxMs ?? 5 * 60_000,
      timeScale: opts.timeScale ?? 1,
      progressMs: opts.progressMs ?? 250,
      onPage: opts.onPage,
      after:
        opts.after ??
        ((ms, fn) => {
          const t = setTimeout(fn, ms);
          t.unref?.();
          return () => clearTimeout(t);
        }),
    };
    this.#status = this.#idle(deps.active.id);
  }

  /** The active profile's sync; starts one when the profile changed since the last. */
  status(): SyncStatus {
    this.follow();
    return this.#status;
  }

  /** Starts a sync now (full: read every page again); answers with the status at once. */
  sync(full = false): SyncStatus {
    this.follow();
    const id = this.#deps.active.id;
    if (full) {
      const c = this.#state.cursor(id);
      // From the newest again; the flag survives a restart until the resync is done.
      this.#state.save(id, { ...c, full_pending: true, resume_offset: null });
    }
    if (this.#run && this.#run.profileId === id) {
      // Asked while one runs: one more sync right after it (it sees the full flag).
      this.#again = true;
    } else {
      this.#start(id);
    }
    return this.#status;
  }

  /** Called when the active profile may have changed (any channel call, a switch push). */
  follow(): void {
    if (this.#closed) return;
    const id = this.#deps.active.id;
    if (this.#status.profile_id === id) return;
    this.#run?.abort.abort();
    this.#run = null;
    this.#failures = 0;
    this.#status = this.#idle(id);
    this.#start(id);
  }

  /**
   * The active profile's key (or address) changed: a sync waiting because the key was
   * missing, rejected or locked away starts now instead of at the next regular sync.
   */
  keyChanged(): void {
    this.follow();
    const s = this.#status;
    if (this.#closed || this.#run !== null || s.state !== 'failed') return;
    if (s.error && KEY_PROBLEMS.has(s.error.code)) this.#start(s.profile_id);
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#timer?.();
    if (this.#pushTimer) clearTimeout(this.#pushTimer);
    const run = this.#run;
    run?.abort.abort();
    await run?.done;
  }

  #idle(profileId: string): SyncStatus {
    const c = this.#state.cursor(profileId);
    return {
      profile_id: profileId,
      state: 'idle',
      synced: 0,
      total: c.total,
      mirrored: this.#state.mirrored(profileId),
      last_synced_at: c.last_synced_ms === null ? null : new Date(c.last_synced_ms).toISOString(),
      retry_at: null,
      error: null,
      row_notes: this.#notes.get(profileId)?.list() ?? [],
    };
  }

  #start(profileId: string): void {
    if (this.#closed) return;
    this.#timer?.();
    this.#timer = null;
    const abort = new AbortController();
    const run = { profileId, abort, done: Promise.resolve() };
    run.done = this.#syncAll(profileId, abort.signal).then(
      () => this.#finished(run, null),
      (err: unknown) => this.#finished(run, err),
    );
    this.#run = run;
  }

  #finished(run: { profileId: string; abort: AbortController }, err: unknown): void {
    if (this.#run !== run) return; // replaced (a switch) or closed
    this.#run = null;
    if (this.#closed || run.abort.signal.aborted) return;
    if (err === null) {
      this.#failures = 0;
      if (this.#again) {
        this.#again = false;
        this.#start(run.profileId);
        return;
      }
      this.#schedule(run.profileId, this.#opts.intervalMs);
      return;
    }
    const e =
      err instanceof EngineError
        ? err
        : new EngineError('internal', 'The checkout sync stopped unexpectedly.');
    if (!(err instanceof EngineError)) this.#deps.log(`checkout sync: ${String(err)}`);
    const retryable = RETRYABLE.has(e.code);
    this.#failures += 1;
    const backoff = Math.min(
      this.#opts.backoffMaxMs,
      this.#opts.backoffMinMs * 2 ** Math.min(this.#failures - 1, 20),
    );
    const wait = retryable && e.retry_after_s !== undefined ? e.retry_after_s * 1000 : backoff;
    // Not retryable (a rejected key, an unreadable answer): the next regular sync tries.
    const delay = retryable ? wait : this.#opts.intervalMs;
    this.#push(
      {
        state: retryable ? 'backing_off' : 'failed',
        retry_at: new Date(this.#now() + delay).toISOString(),
        error: { code: e.code, message: e.message },
      },
      true,
    );
    this.#again = false;
    this.#schedule(run.profileId, delay);
  }

  #schedule(profileId: string, ms: number): void {
    if (this.#closed) return;
    this.#timer = this.#opts.after(ms * this.#opts.timeScale, () => {
      this.#timer = null;
      if (this.#deps.active.id === profileId) this.#start(profileId);
    });
  }

  async #syncAll(profileId: string, signal: AbortSignal): Promise<void> {
    const cursor = this.#state.cursor(profileId);
    const full = cursor.full_pending || !cursor.complete;
    // The notes are of the rows read since the last full read (a quick sync reads only the
    // newest pages: a row skipped deeper down is still missing).
    if (full || !this.#notes.has(profileId)) this.#notes.set(profileId, new RowNotes());
    await this.#pass(profileId, signal, full, cursor);
    // After reading every page, the checkouts made meanwhile sit on the first pages.
    if (full && !signal.aborted)
      await this.#pass(profileId, signal, false, this.#state.cursor(profileId));
    if (signal.aborted) return;
    // Checkouts paid since the last sync get their status in the search index now, so the
    // first search with a status chip has little left to do.
    this.#state.refreshPaidFacets();
    this.#push({ state: 'idle', retry_at: null, error: null }, true);
  }

  /** One walk from the newest (or the resume point) until the end or a known page. */
  async #pass(
    profileId: string,
    signal: AbortSignal,
    full: boolean,
    cursor: MirrorCursor,
  ): Promise<void> {
    const size = this.#opts.pageSize;
    const notes = this.#notes.get(profileId) ?? new RowNotes();
    const guard = new PassGuard(size);
    let offset =
      full && cursor.resume_offset !== null ? Math.max(0, cursor.resume_offset - size) : 0;
    this.#push({ state: 'syncing', synced: offset, total: cursor.total, retry_at: null }, true);
    const api = await this.#deps.active.api(profileId);
    for (;;) {
      if (signal.aborted) return;
      const stop = guard.before(offset);
      if (stop !== null) throw new EngineError('bad_response', stop);
      this.#opts.onPage?.(offset, profileId);
      const page = await api.listCheckoutRows({ limit: size, offset }, { signal });
      if (signal.aborted) return;
      const read = readRows(page.rows, (ids) => this.#state.createdAt(profileId, ids), this.#now);
      const looped = guard.after(read.ids, page.rows.length, page.total);
      if (looped !== null) throw new EngineError('bad_response', looped);
      const known = full
        ? null
        : this.#state.knownActive(
            profileId,
            read.checkouts.map((c) => c.id),
          );
      const allKnown =
        known !== null &&
        page.rows.length === size &&
        read.checkouts.length === size &&
        read.checkouts.every((c) => known.get(c.id) === c.active);
      const end = page.rows.length < size || allKnown;
      const reached = offset + page.rows.length;
      const total = page.total ?? reached;
      const failed = this.#state.storePage(profileId, read.checkouts, (now) => ({
        complete: now.complete || (full && end),
        resume_offset: full && !end ? reached : null,
        full_pending: full && !end ? now.full_pending : false,
        total,
        last_synced_ms: end ? this.#now() : now.last_synced_ms,
      }));
      if (failed.length > 0) {
        this.#deps.log(
          `checkout sync: ${failed.length} checkout(s) could not be stored (${failed[0]!.error})`,
        );
      }
      notes.add([
        ...read.notes,
        ...failed.map((f) => ({
          outcome: 'skipped' as const,
          reason: REASONS.notStored,
          id: f.id,
        })),
      ]);
      this.#push({ synced: reached, total }, end);
      if (end) return;
      offset = reached;
    }
  }

  /** Updates the status and pushes it, at most every progressMs unless `now`. */
  #push(change: Partial<SyncStatus>, now = false): void {
    const id = this.#status.profile_id;
    const c = this.#state.cursor(id);
    this.#status = {
      ...this.#status,
      ...change,
      last_synced_at: c.last_synced_ms === null ? null : new Date(c.last_synced_ms).toISOString(),
      row_notes: this.#notes.get(id)?.list() ?? [],
    };
    const send = () => {
      this.#pushTimer = null;
      this.#lastPush = Date.now();
      this.#status = { ...this.#status, mirrored: this.#state.mirrored(id) };
      this.#deps.emit(this.#status);
    };
    if (now || Date.now() - this.#lastPush >= this.#opts.progressMs) {
      if (this.#pushTimer) clearTimeout(this.#pushTimer);
      send();
    } else {
      this.#pushTimer ??= setTimeout(send, this.#opts.progressMs);
    }
  }
}
