// Search over the checkout mirror (channel checkouts.search): one full-text query of
// migration 8's index holds the text and the chips, answered newest first by the index
// itself; the total is exact up to COUNT_CAP; each hit says where it matched (highlighting).
// Every search does bounded work (issue 21): the query asks for a few distinct trigrams,
// the candidates the index hands back are read within a budget (a count and a time), and an
// answer cut short by the budget says so (`partial`). The engine runs it on a thread of its
// own (search-reader.ts), since one step of the index can still take tens of milliseconds.
// A search only reads: the status tokens of checkouts paid since they were indexed are
// rewritten before it by the mirror's refresh step (MirrorRepo.refreshPaidFacets), on the
// connection that writes.
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { ALL_CURRENCIES, currencyExponent } from '#shared/currencies.ts';
import type { CheckoutPage } from '#shared/domain.ts';
import { currencyTerm, phrase, SKEY_MS, startsTerm, statusTerm } from './checkout-facets.ts';
import { fold, pageRows } from './checkout-search-rows.ts';
import type { CheckoutsRepo } from './types.ts';

export interface CheckoutSearch {
  query?: string | undefined;
  status?: 'active' | 'inactive' | 'paid' | undefined;
  currency?: string | undefined;
  created_from?: string | undefined;
  created_to?: string | undefined;
  /** Integer minor units, compared with each checkout's amount in its own currency. */
  amount_min?: number | undefined;
  amount_max?: number | undefined;
  limit: number;
  offset: number;
}

// Each stored amount in its currency's minor units; currencies the table does not know
// have 2 decimals, as currencyExponent says.
const MINOR = `ROUND(c.amount * CASE c.currency ${[
  ...new Set(ALL_CURRENCIES.filter((code) => currencyExponent(code) !== 2)),
]
  .map((code) => `WHEN '${code.replace(/[^A-Z]/g, '')}' THEN ${10 ** currencyExponent(code)}`)
  .join(' ')} ELSE 100 END)`;

/** The id of a pasted checkout URL ({checkout_page_base}/pay/<id>), or null. */
export function checkoutIdOfUrl(text: string): string | null {
  if (!/^https?:\/\//i.test(text)) return null;
  try {
    const parts = new URL(text).pathname.split('/').filter(Boolean);
    const last = parts.pop();
    return last ? decodeURIComponent(last) : null;
  } catch {
    return null;
  }
}

/**
 * Matches are counted exactly up to this many; past it the page says "1,000+". An exact
 * count of a broad word at a million checkouts costs more than a keystroke may (the
 * reference measured in docs/benchmarks.md), and nobody reads 66,667 differently from 1,000+.
 */
export const COUNT_CAP = 1000;

/**
 * How much one search may read: candidates the index hands back (each checked for the text),
 * the CPU time of its thread, and wall time. Past any, the answer has what was found so far
 * and says `partial`. A search people make stops long before (the page and the count stop
 * early); repetitive text, a query of one repeated trigram or a deep page do not. The work
 * is counted in CPU time so that a busy machine slows a search down rather than cutting
 * ordinary ones short; the wall-time bound still ends it when the thread gets little CPU.
 */
export interface SearchBudget {
  candidates: number;
  /** CPU milliseconds of the searching thread (wall milliseconds where Node cannot tell). */
  ms: number;
  wallMs: number;
}
export const SEARCH_BUDGET: SearchBudget = { candidates: 100_000, ms: 25, wallMs: 250 };

/** This thread's CPU time in ms (process.threadCpuUsage, Node 23.9+), or the wall clock. */
const cpuMs: () => number =
  typeof process.threadCpuUsage === 'function'
    ? () => {
        const u = process.threadCpuUsage();
        return (u.user + u.system) / 1000;
      }
    : () => performance.now();

/**
 * Characters of each field a candidate is checked in: more than any text the service's own
 * limits allow (100 items of 200 characters), so no real match is missed; a field of
 * megabytes costs no more than this to check.
 */
export const CHECK_CHARS = 32_768;

export interface SearchOptions {
  /** Matches counted exactly up to this many (COUNT_CAP). */
  cap?: number;
  budget?: Partial<SearchBudget>;
}

/** No other profile has checkouts in the mirror (two seeks in the (profile_id, id) index). */
function soleProfile(db: DatabaseSync, profileId: string): boolean {
  const r = db
    .prepare(
      `SELECT EXISTS (SELECT 1 FROM checkouts WHERE profile_id < ?)
         OR EXISTS (SELECT 1 FROM checkouts WHERE profile_id > ?) AS other`,
    )
    .get(profileId, profileId) as { other: number };
  return r.other === 0;
}

/** Distinct trigrams asked for at most: each is a term the index intersects in one step. */
const MAX_TERMS = 6;

/**
 * The full-text terms for typed text of 3+ characters. Up to 3 characters are one trigram,
 * exact. Longer text asks for a few trigrams of it (those at 0, 3, 6, … and the last), each
 * a cheap term; the rows they find are then checked for the text itself. A phrase of every
 * trigram would be exact but costs a check of positions in every candidate, which is what
 * made a broad word combined with a chip miss the target (docs/benchmarks.md).
 *
 * Each trigram is asked once. Repetitive text ("ProProPro") repeats its trigrams at those
 * places, so its other trigrams ("roP", "oPr") are added until there are three distinct
 * ones: asking "Pro" three times read every row holding "Pro" (565 ms at 200,000, and 166
 * times for a 498-character query, 3.6 s). No more than MAX_TERMS, spread over the text: a
 * step of the index costs more with each term (a 500-character query asked for 167).
 */
export function textTrigrams(text: string): string[] {
  const cps = [...text];
  const gram = (i: number) => cps.slice(i, i + 3).join('');
  const chosen = new Map<string, string>();
  const add = (i: number) => {
    const g = gram(i);
    const key = fold(g);
    if (!chosen.has(key)) chosen.set(key, g);
  };
  for (let i = 0; i + 3 <= cps.length; i += 3) add(i);
  add(cps.length - 3);
  for (let i = 0; i + 3 <= cps.length && chosen.size < 3; i++) add(i);
  const grams = [...chosen.values()];
  if (grams.length <= MAX_TERMS) return grams;
  return Array.from(
    { length: MAX_TERMS },
    (_, k) => grams[Math.round((k * (grams.length - 1)) / (MAX_TERMS - 1))] as string,
  );
}

function textTerms(text: string): { terms: string; check: boolean } {
  const grams = textTrigrams(text).map(phrase);
  return {
    terms: `{product_name item_names checkout_id} : (${grams.join(' AND ')})`,
    check: [...text].length > 3,
  };
}

/** SQL for a text column as a candidate is checked in: its first CHECK_CHARS characters. */
const checked = (col: string) => `substr(${col}, 1, ${CHECK_CHARS})`;

interface Candidate {
  id: string;
  product_name: string;
  item_names: string | null;
}

export function searchCheckouts(
  db: DatabaseSync,
  checkouts: CheckoutsRepo,
  profileId: string,
  input: CheckoutSearch,
  options: SearchOptions = {},
): CheckoutPage {
  const started = performance.now();
  const cpuStarted = cpuMs();
  const cap = options.cap ?? COUNT_CAP;
  const budget = { ...SEARCH_BUDGET, ...options.budget };
  const text = (input.query ?? '').trim();
  const urlId = checkoutIdOfUrl(text);
  const sought = urlId ?? text;
  // Terms of one full-text query: the text, the status and currency chips.
  const terms: string[] = [];
  // What a candidate the index found must also pass (null: the index is exact).
  let check: ((c: Candidate) => boolean) | null = null;
  if (urlId !== null) {
    // A pasted checkout URL: exactly that id.
    terms.push([...urlId].length >= 3 ? textTerms(urlId).terms : startsTerm(urlId));
    check = (c) => c.id === urlId;
  } else if ([...text].length >= 3) {
    const t = textTerms(text);
    terms.push(t.terms);
    if (t.check) {
      const needle = fold(text);
      check = (c) =>
        fold(c.product_name).includes(needle) ||
        (c.item_names !== null && fold(c.item_names).includes(needle)) ||
        fold(c.id).includes(needle);
    }
  } else if (text !== '') {
    // One or two characters are too short for trigrams: they match the start of the
    // product name or of the id (tokens written for that, see checkout-facets.ts).
    terms.push(startsTerm(text));
  }
  if (input.status) terms.push(statusTerm(input.status));
  if (input.currency) terms.push(currencyTerm(input.currency));

  // Row conditions: the date range is a range of the ordering key; amounts and another
  // profile's checkouts need the row itself.
  const key = terms.length > 0 ? 't.rowid' : 'c.skey';
  const where: string[] = [];
  const args: SQLInputValue[] = [];
  if (input.created_from) {
    where.push(`${key} >= CAST(? AS INTEGER) * ${SKEY_MS}`);
    args.push(Date.parse(input.created_from));
  }
  if (input.created_to) {
    where.push(`${key} < (CAST(? AS INTEGER) + 1) * ${SKEY_MS}`);
    args.push(Date.parse(input.created_to));
  }
  const dated = where.length > 0;
  const priced = input.amount_min !== undefined || input.amount_max !== undefined;
  const sole = soleProfile(db, profileId);
  const rowNeeded = !sole || priced;
  if (!sole) {
    where.push('c.profile_id = ?');
    args.push(profileId);
  }
  if (input.amount_min !== undefined) {
    where.push(`${MINOR} >= ?`);
    args.push(input.amount_min);
  }
  if (input.amount_max !== undefined) {
    where.push(`${MINOR} <= ?`);
    args.push(input.amount_max);
  }

  let sql: string;
  if (terms.length > 0) {
    // Newest first straight from the index (its rowid is the created-order key); the row
    // is read only when a condition needs it. CROSS JOIN keeps the index the outer loop.
    sql = `SELECT t.checkout_id AS id, ${checked('t.product_name')} AS product_name,
        ${checked('t.item_names')} AS item_names
      FROM checkout_text t${rowNeeded ? ' CROSS JOIN checkouts c ON c.skey = t.rowid' : ''}
      WHERE checkout_text MATCH ?${where.map((w) => ` AND ${w}`).join('')}
      ORDER BY t.rowid DESC`;
    args.unshift(terms.join(' AND '));
  } else if (!dated && !priced) {
    // Everything: the page from the newest-first index, the total from the kept count.
    const total = (
      db
        .prepare('SELECT COALESCE(MAX(n), 0) AS n FROM checkout_counts WHERE profile_id = ?')
        .get(profileId) as { n: number }
    ).n;
    // A page past the end is empty without walking the index to it.
    const ids =
      input.offset >= total
        ? []
        : (
            db
              .prepare(
                `SELECT c.id FROM checkouts c INDEXED BY checkouts_by_skey
                 WHERE c.profile_id = ? ORDER BY c.skey DESC LIMIT ? OFFSET ?`,
              )
              .all(profileId, input.limit, input.offset) as unknown as { id: string }[]
          ).map((r) => r.id);
    return {
      data: pageRows(checkouts, profileId, ids, text),
      total,
      limit: input.limit,
      offset: input.offset,
    };
  } else {
    sql = `SELECT c.id, ${checked('c.product_name')} AS product_name, NULL AS item_names
      FROM checkouts c INDEXED BY checkouts_by_skey WHERE ${where.join(' AND ')}
      ORDER BY c.skey DESC`;
  }

  // One pass, newest first: the page's rows, and a count that stops once it is past the
  // cap and past the page, or when the budget is spent (then the answer is partial: the
  // rows found are the newest matches, the total a lower bound).
  const ids: string[] = [];
  const stopAt = Math.max(cap, input.offset + input.limit) + 1;
  const deadline = started + budget.wallMs;
  const cpuDeadline = cpuStarted + budget.ms;
  let count = 0;
  let read = 0;
  let partial = false;
  for (const row of db.prepare(sql).iterate(...args) as Iterable<Candidate>) {
    // The CPU clock is a system call: read every 8th candidate (a check is bounded anyway).
    if (
      read >= budget.candidates ||
      performance.now() >= deadline ||
      (read % 8 === 0 && cpuMs() >= cpuDeadline)
    ) {
      partial = true;
      break;
    }
    read += 1;
    if (check && !check(row)) continue;
    count += 1;
    if (count > input.offset && ids.length < input.limit) ids.push(row.id);
    if (count >= stopAt) break;
  }
  const capped = count >= stopAt;
  const page: CheckoutPage = {
    data: pageRows(checkouts, profileId, ids, sought),
    total: capped ? count - 1 : count,
    limit: input.limit,
    offset: input.offset,
  };
  if (capped) page.total_capped = true;
  if (partial) page.partial = true;
  return page;
}
