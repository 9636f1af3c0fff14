// Group commit: jobs are written together in ONE transaction, so one fsync (synchronous=FULL)
// covers them all, and each caller is answered only after that commit has returned. This is
// how the sandbox's creates and the console receiver's events stay durable and still scale
// with concurrency (one copy for both: the receiver's adapter is receiver/group-commit.ts).
//
// Batching policy (PostgreSQL's commit_delay idea, made adaptive): while a commit is in
// flight the next batch queues up. When it ends, the clients it answered usually come right
// back, so the next batch waits (at most maxWaitMs) until as many jobs are queued as were in
// the system when the commit ended. Without this, a closed loop of C clients settles into
// two half-batches and pays one fsync per C/2 requests; fsyncs are the scarce resource on a
// busy disk. With a single client the expected count is 1 and nothing ever waits.

/**
 * 'always' when the commit blocks this thread (waiting is then always cheaper than another
 * blocking fsync); 'when-slow' when it runs on another thread: a fast commit overlaps with
 * parsing the next batch, so only a slow one (a busy disk) is worth waiting for; 'never'.
 */
export type WaitPolicy = 'always' | 'when-slow' | 'never';

/** Writes a batch in one transaction; results in job order. */
export type BatchRunner<J, R> = (jobs: J[]) => Promise<R[]>;

interface Pending<J, R> {
  job: J;
  resolve: (value: R) => void;
  reject: (err: unknown) => void;
}

export class GroupCommitter<J, R> {
  readonly #run: BatchRunner<J, R>;
  readonly #maxBatch: number;
  readonly #maxWaitMs: number;
  readonly #waitForReturning: WaitPolicy | (() => WaitPolicy);
  readonly #slowCommitMs: number;
  #queue: Pending<J, R>[] = [];
  #scheduled = false;
  #timer: NodeJS.Timeout | null = null;
  #inFlight: Promise<void> | null = null;
  #expected = 1;
  #closed = false;
  /** Batches committed so far, and jobs in them. */
  readonly stats = { batches: 0, jobs: 0 };

  constructor(
    run: BatchRunner<J, R>,
    options: {
      maxBatch?: number;
      maxWaitMs?: number;
      /** A policy, or a function read after each commit (where the next one will run). */
      waitForReturning?: WaitPolicy | (() => WaitPolicy);
      slowCommitMs?: number;
    } = {},
  ) {
    this.#run = run;
    this.#maxBatch = options.maxBatch ?? 512;
    this.#maxWaitMs = options.maxWaitMs ?? 1;
    this.#slowCommitMs = options.slowCommitMs ?? 2;
    this.#waitForReturning = options.waitForReturning ?? 'always';
  }

  submit(job: J): Promise<R> {
    if (this.#closed) return Promise.reject(new Error('the store is closed'));
    return new Promise<R>((resolve, reject) => {
      this.#queue.push({ job, resolve, reject });
      this.#maybeFlush();
    });
  }

  #maybeFlush(): void {
    if (this.#inFlight !== null || this.#queue.length === 0) return;
    if (this.#queue.length >= Math.min(this.#expected, this.#maxBatch)) {
      if (!this.#scheduled) {
        this.#scheduled = true;
        // After the poll phase: every request parsed in this turn joins the batch.
        setImmediate(() => this.#flush());
      }
    } else {
      this.#timer ??= setTimeout(() => this.#flush(), this.#maxWaitMs);
    }
  }

  #flush(): void {
    this.#scheduled = false;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    if (this.#inFlight !== null || this.#queue.length === 0) return;
    const batch = this.#queue.splice(0, this.#maxBatch);
    this.stats.batches += 1;
    this.stats.jobs += batch.length;
    const started = performance.now();
    this.#inFlight = this.#run(batch.map((p) => p.job)).then(
      (results) => batch.forEach((p, i) => p.resolve(results[i]!)),
      (err: unknown) => batch.forEach((p) => p.reject(err)),
    );
    void this.#inFlight.finally(() => {
      this.#inFlight = null;
      // Jobs in the system now: those just answered (likely to return) and those waiting.
      const slow = performance.now() - started >= this.#slowCommitMs;
      const policy =
        typeof this.#waitForReturning === 'function'
          ? this.#waitForReturning()
          : this.#waitForReturning;
      const wait = policy === 'always' || (policy === 'when-slow' && slow);
      this.#expected = wait ? Math.max(1, batch.length + this.#queue.length) : 1;
      if (this.#closed) this.#flush();
      else this.#maybeFlush();
    });
  }

  /** True while jobs wait for, or are in, a commit. */
  get busy(): boolean {
    return this.#queue.length > 0 || this.#inFlight !== null;
  }

  /** Resolves once every job submitted so far is committed (or failed); still accepts more. */
  async idle(): Promise<void> {
    while (this.#inFlight !== null || this.#queue.length > 0) {
      if (this.#inFlight !== null) await this.#inFlight;
      else await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  /** Waits until every accepted job has been committed (or failed); refuses new ones. */
  async close(): Promise<void> {
    this.#closed = true;
    while (this.#inFlight !== null || this.#queue.length > 0) {
      if (this.#inFlight === null) this.#flush();
      await this.#inFlight;
    }
  }
}
