// Search over the checkout mirror (channel checkouts.search): the full-text index of
// migration 7 for text of 3+ characters, filters on indexed columns, newest first, with the
// total of every match and where each hit matched (for highlighting).
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { ALL_CURRENCIES, currencyExponent } from '../../../shared/currencies.ts';
import type { Checkout, CheckoutMatch, CheckoutPage } from '../../../shared/domain.ts';
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

// Paid means a verified payment arrived. The subquery runs once (an index of payments) and
// each checkout is then a lookup, not a probe of payments per row.
const PAID = `c.id IN (SELECT p.checkout_id FROM payments p WHERE p.profile_id = ?
  AND p.status = 'verified')`;

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

/** Above this many text matches a page walks the newest-first index (see searchCheckouts). */
const BROAD = 2000;

const bareCounts = new WeakMap<DatabaseSync, StatementSync>();
const bareCount = (db: DatabaseSync): StatementSync => {
  let st = bareCounts.get(db);
  if (!st) {
    st = db.prepare('SELECT COUNT(*) AS n FROM checkout_text WHERE checkout_text MATCH ?');
    bareCounts.set(db, st);
  }
  return st;
};

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

/** FTS5 phrase for literal text: quotes doubled, so `"`, `*`, `NEAR(`, `-`, `:` mean themselves. */
const phrase = (text: string): string => `"${text.replace(/"/g, '""')}"`;

export function searchCheckouts(
  db: DatabaseSync,
  checkouts: CheckoutsRepo,
  profileId: string,
  input: CheckoutSearch,
): CheckoutPage {
  const where: string[] = ['c.profile_id = ?'];
  const args: SQLInputValue[] = [profileId];
  let from = 'checkouts c';
  let matches: number | null = null;
  let broad = false;
  const text = (input.query ?? '').trim();
  const urlId = checkoutIdOfUrl(text);
  if (urlId !== null) {
    where.push('c.id = ?');
    args.push(urlId);
  } else if ([...text].length >= 3) {
    // The trigram index answers any substring of 3+ characters. How many checkouts match
    // (the index alone, fast) decides the plan: a few are looked up and sorted; many are
    // found by walking the newest-first index and testing each against the matches, so a
    // page stops after its rows instead of sorting them all.
    matches = (bareCount(db).get(phrase(text)) as { n: number }).n;
    broad = matches > BROAD;
    if (broad) {
      where.push('c.seq IN (SELECT rowid FROM checkout_text WHERE checkout_text MATCH ?)');
    } else {
      // CROSS JOIN keeps the index the outer loop, run once: joined the other way round,
      // the full-text query would run again for every checkout (seconds at 100,000).
      from = 'checkout_text t CROSS JOIN checkouts c ON c.seq = t.rowid';
      where.push('checkout_text MATCH ?');
    }
    args.push(phrase(text));
  } else if (text !== '') {
    // One or two characters are too short for trigrams: they match the start of the
    // product name or of the id, through indexes, rather than scan every checkout.
    // Ranges, not LIKE, so each side uses its index (NOCASE folds ASCII letters only);
    // a UNION of the two, because an OR of ranges on two columns would scan every row.
    where.push(`c.seq IN (SELECT seq FROM checkouts WHERE profile_id = ?
        AND product_name >= ? COLLATE NOCASE AND product_name < ? COLLATE NOCASE
      UNION SELECT seq FROM checkouts WHERE profile_id = ? AND id >= ? AND id < ?)`);
    const lower = text.toLowerCase();
    args.push(profileId, text, `${text}\u{10FFFF}`, profileId, lower, `${lower}\u{10FFFF}`);
  }
  if (input.status === 'paid') where.push(PAID);
  else if (input.status === 'active') where.push(`c.active = 1 AND NOT ${PAID}`);
  else if (input.status === 'inactive') where.push(`c.active = 0 AND NOT ${PAID}`);
  if (input.status) args.push(profileId);
  if (input.currency) {
    where.push('c.currency = ?');
    args.push(input.currency.toUpperCase());
  }
  if (input.created_from) {
    where.push('c.created_ms >= ?');
    args.push(Date.parse(input.created_from));
  }
  if (input.created_to) {
    where.push('c.created_ms <= ?');
    args.push(Date.parse(input.created_to));
  }
  if (input.amount_min !== undefined) {
    where.push(`${MINOR} >= ?`);
    args.push(input.amount_min);
  }
  if (input.amount_max !== undefined) {
    where.push(`${MINOR} <= ?`);
    args.push(input.amount_max);
  }
  const sqlWhere = where.join(' AND ');
  // Text alone, and every mirrored checkout this profile's: the index's own count is the total.
  const textOnly = matches !== null && where.length === 2;
  const total =
    textOnly && soleProfile(db, profileId)
      ? (matches as number)
      : (
          db.prepare(`SELECT COUNT(*) AS n FROM ${from} WHERE ${sqlWhere}`).get(...args) as {
            n: number;
          }
        ).n;
  const ordered = broad ? 'checkouts c INDEXED BY checkouts_by_created' : from;
  const ids = db
    .prepare(
      `SELECT c.id FROM ${ordered} WHERE ${sqlWhere}
       ORDER BY c.created_ms DESC, c.seq DESC LIMIT ? OFFSET ?`,
    )
    .all(...args, input.limit, input.offset) as unknown as { id: string }[];
  const data: Checkout[] = [];
  for (const { id } of ids) {
    const c = checkouts.get(profileId, id);
    if (!c) continue;
    const match = text === '' ? undefined : matchOf(c, urlId ?? text);
    data.push(match ? { ...c, match } : c);
  }
  return { data, total, limit: input.limit, offset: input.offset };
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

/** Folds a character the way the index does: no case, no diacritics. */
const fold = (ch: string): string => ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

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
