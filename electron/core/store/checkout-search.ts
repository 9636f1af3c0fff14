// Search over the checkout mirror (channel checkouts.search): one full-text query of
// migration 8's index holds the text and the chips, answered newest first by the index
// itself; the total is exact up to COUNT_CAP; each hit says where it matched (highlighting).
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { ALL_CURRENCIES, currencyExponent } from '#shared/currencies.ts';
import type { Checkout, CheckoutMatch, CheckoutPage } from '#shared/domain.ts';
import { currencyTerm, phrase, SKEY_MS, startsTerm, statusTerm } from './checkout-facets.ts';
import { refreshPaidFacets } from './checkout-text-refresh.ts';
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

/** Folds text the way the index does: no case, no diacritics. */
const fold = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The full-text terms for typed text of 3+ characters. Up to 3 characters are one trigram,
 * exact. Longer text asks for a few trigrams that cover it (at 0, 3, 6, … and the last),
 * each a cheap term; the rows they find are then checked for the text itself. A phrase of
 * every trigram would be exact but costs a check of positions in every candidate, which
 * is what made a broad word combined with a chip miss the target (docs/benchmarks.md).
 */
function textTerms(text: string): { terms: string; check: boolean } {
  const cps = [...text];
  const at = new Set<number>();
  for (let i = 0; i + 3 <= cps.length; i += 3) at.add(i);
  at.add(cps.length - 3);
  const grams = [...at].map((i) => phrase(cps.slice(i, i + 3).join('')));
  return {
    terms: `{product_name item_names checkout_id} : (${grams.join(' AND ')})`,
    check: cps.length > 3,
  };
}

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
  cap = COUNT_CAP,
): CheckoutPage {
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
  if (input.status) {
    // Checkouts paid since they were indexed get their status token first.
    refreshPaidFacets(db);
    terms.push(statusTerm(input.status));
  }
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
    sql = `SELECT t.checkout_id AS id, t.product_name, t.item_names
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
    const ids = db
      .prepare(
        `SELECT c.id FROM checkouts c INDEXED BY checkouts_by_skey
         WHERE c.profile_id = ? ORDER BY c.skey DESC LIMIT ? OFFSET ?`,
      )
      .all(profileId, input.limit, input.offset) as unknown as { id: string }[];
    return {
      data: rows(checkouts, profileId, ids, text),
      total,
      limit: input.limit,
      offset: input.offset,
    };
  } else {
    sql = `SELECT c.id, c.product_name, NULL AS item_names
      FROM checkouts c INDEXED BY checkouts_by_skey WHERE ${where.join(' AND ')}
      ORDER BY c.skey DESC`;
  }

  // One pass, newest first: the page's rows, and a count that stops once it is past the
  // cap and past the page.
  const ids: { id: string }[] = [];
  const stopAt = Math.max(cap, input.offset + input.limit) + 1;
  let count = 0;
  for (const row of db.prepare(sql).iterate(...args) as Iterable<Candidate>) {
    if (check && !check(row)) continue;
    count += 1;
    if (count > input.offset && ids.length < input.limit) ids.push({ id: row.id });
    if (count >= stopAt) break;
  }
  const capped = count >= stopAt;
  const page: CheckoutPage = {
    data: rows(checkouts, profileId, ids, sought),
    total: capped ? count - 1 : count,
    limit: input.limit,
    offset: input.offset,
  };
  if (capped) page.total_capped = true;
  return page;
}

/** The page's checkouts in full, each with where the text matched. */
function rows(
  checkouts: CheckoutsRepo,
  profileId: string,
  ids: readonly { id: string }[],
  text: string,
): Checkout[] {
  const data: Checkout[] = [];
  for (const { id } of ids) {
    const c = checkouts.get(profileId, id);
    if (!c) continue;
    const match = text === '' ? undefined : matchOf(c, text);
    data.push(match ? { ...c, match } : c);
  }
  return data;
}

/** Where `text` occurs in a checkout: the name first, then an item, then the id. */
export function matchOf(c: Checkout, text: string): CheckoutMatch | undefined {
  const fields: [CheckoutMatch['field'], string][] = [
    ['product_name', c.product_name],
    ...(c.items ?? []).map((i): [CheckoutMatch['field'], string] => ['item', i.name]),
    ['id', c.id],
  ];
  for (const [field, value] of fields) {
    const ranges = rangesOf(value, text);
    if (ranges.length > 0) return { field, text: value, ranges };
  }
  return undefined;
}

/** [start, end) UTF-16 ranges of every occurrence of needle in hay, folded like the index. */
export function rangesOf(hay: string, needle: string): [number, number][] {
  // The folded haystack with, for each folded UTF-16 unit, its source offset.
  let folded = '';
  const at: number[] = [];
  let offset = 0;
  for (const ch of hay) {
    const f = fold(ch);
    for (let k = 0; k < f.length; k++) at.push(offset);
    folded += f;
    offset += ch.length;
  }
  at.push(offset);
  const n = [...needle].map(fold).join('');
  if (n === '') return [];
  const out: [number, number][] = [];
  for (let i = folded.indexOf(n); i !== -1; i = folded.indexOf(n, i + n.length)) {
    const start = at[i] as number;
    const endUnit = i + n.length;
    // End after the source character holding the last folded unit.
    let end = at[endUnit] as number;
    if (end === start) end = start + 1;
    out.push([start, end]);
  }
  return out;
}
