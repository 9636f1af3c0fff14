// When one walk through the service's list (a pass) must stop although its pages keep coming
// full: a service that ignores `offset` sends the same page forever, and one whose pages
// never run short would fill the disk. A pass stops, and the sync fails saying why, when
//   - a page brings no id the pass has not seen already (the list is going round), or
//   - it has got past the service's `total` (as the pass's first page said it) plus slack
//     for checkouts made while it runs: a tenth more, at least two pages, or
//   - past this many rows at all: 10 million with a total, 1 million for a service that
//     sends none (its pages are then the only sign of the end).
// The pages a pass may read follow from the same bound. The ids seen are kept as 30-bit
// hashes (small integers, about 16 bytes each even at a million); two pages' worth of ids
// all colliding by chance is not a thing that happens.

export const MAX_ROWS = 10_000_000;
export const MAX_ROWS_WITHOUT_TOTAL = 1_000_000;

const count = (n: number) => new Intl.NumberFormat('en-US').format(n);
const pages = (n: number) => `${count(n)} page${n === 1 ? '' : 's'}`;
const AFTER = 'What was copied stays searchable; the next sync tries again.';

/** The rows a pass may reach for a service `total` (null: the service sends none). */
export function passLimit(total: number | null, pageSize: number): number {
  if (total === null) return MAX_ROWS_WITHOUT_TOTAL;
  return Math.min(MAX_ROWS, total + Math.max(2 * pageSize, Math.ceil(total / 10)));
}

/** FNV-1a, cut to 30 bits so that V8 keeps it as a small integer. */
function idHash(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h & 0x3fffffff;
}

export class PassGuard {
  readonly #pageSize: number;
  readonly #seen = new Set<number>();
  #pages = 0;
  #rows = 0;
  /** From the pass's first page: the offset it may not reach, and the total it said. */
  #limit: { rows: number; pages: number; total: number | null } | null = null;

  constructor(pageSize: number) {
    this.#pageSize = pageSize;
  }

  /** Before asking for the page at `offset`: why the pass must stop there, or null. */
  before(offset: number): string | null {
    const limit = this.#limit;
    if (limit === null || (offset < limit.rows && this.#pages < limit.pages)) return null;
    if (limit.total === null) {
      return `The service sent more than ${count(MAX_ROWS_WITHOUT_TOTAL)} checkouts without saying how many it has; stopped after ${pages(this.#pages)}. ${AFTER}`;
    }
    return `The service kept sending checkouts past the ${count(limit.total)} it reported; stopped after ${pages(this.#pages)} (${count(this.#rows)} checkouts). Its checkout list may be broken: tell whoever runs the service. ${AFTER}`;
  }

  /** After a page with these ids (of `rows` rows) arrived: why to stop before keeping it, or null. */
  after(ids: readonly string[], rows: number, total: number | null): string | null {
    this.#pages += 1;
    this.#rows += rows;
    if (this.#limit === null) {
      const limit = passLimit(total, this.#pageSize);
      this.#limit = { rows: limit, pages: Math.ceil(limit / this.#pageSize) + 1, total };
    }
    let fresh = 0;
    for (const id of ids) {
      const h = idHash(id);
      if (!this.#seen.has(h)) {
        fresh += 1;
        this.#seen.add(h);
      }
    }
    if (ids.length === 0 || fresh > 0) return null;
    return `The service kept sending the same checkouts; stopped after ${pages(this.#pages)}. Its checkout list seems to ignore the page offset: tell whoever runs the service. ${AFTER}`;
  }
}
