// Serialized list pages, reused until a write that could change them commits. Every write
// to checkouts goes through this process (the writer's commits and paying both call bump()),
// so a dashboard polling its first page is answered from memory and never with stale data.
// (The data folder belongs to one running sandbox; it is not shared between processes.)

const MAX_PAGES = 256;

export class ListCache {
  readonly #enabled: boolean;
  readonly #pages = new Map<string, Buffer>();

  constructor(enabled = true) {
    this.#enabled = enabled;
  }

  /** A committed write that may change some list: forget every page. */
  bump(): void {
    this.#pages.clear();
  }

  get(key: string): Buffer | undefined {
    return this.#enabled ? this.#pages.get(key) : undefined;
  }

  set(key: string, page: Buffer): void {
    if (!this.#enabled) return;
    if (this.#pages.size >= MAX_PAGES) this.#pages.clear();
    this.#pages.set(key, page);
  }
}
