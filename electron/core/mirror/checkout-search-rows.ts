// The rows of a search's page as the answer carries them: each checkout with where the text
// matched (for highlighting), with its text cut to a length a list row can show. A mirror may
// hold a product name of megabytes (a hostile or broken service); without the cut, "xxx"
// over a 4.5 MB name of x's answered with the name twice and 1.5 million ranges, 70 MB of
// JSON. The checkout's detail view reads the stored row in full.
import type { Checkout, CheckoutMatch } from '#shared/domain.ts';
import type { CheckoutsRepo } from './types.ts';

/** UTF-16 units of a product name, item name or matched text in a row (then "…"). */
export const ROW_TEXT_MAX = 300;
/** Item names in a row, all together; a checkout with more has its items left out. */
export const ROW_ITEMS_TEXT_MAX = 2000;
/** Match ranges in a row: enough to mark every hit a row can show. */
export const ROW_RANGES_MAX = 20;
/** A row's items, at most (the service's own limit). */
const ROW_ITEMS_MAX = 100;

/** Folds text the way the index does: no case, no diacritics. */
export const fold = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** `s` cut to `max` UTF-16 units (never inside a surrogate pair), "…" marking the cut. */
export function cut(s: string, max = ROW_TEXT_MAX): string {
  if (s.length <= max) return s;
  const end = /[\uD800-\uDBFF]/.test(s.charAt(max - 1)) ? max - 1 : max;
  return `${s.slice(0, end)}…`;
}

/** The page's checkouts, text cut, each with where the text matched. */
export function pageRows(
  checkouts: CheckoutsRepo,
  profileId: string,
  ids: readonly string[],
  text: string,
): Checkout[] {
  const data: Checkout[] = [];
  for (const id of ids) {
    const stored = checkouts.get(profileId, id);
    if (!stored) continue;
    const c = boundRow(stored);
    const match = text === '' ? undefined : matchOf(c, text);
    data.push(match ? { ...c, match } : c);
  }
  return data;
}

/** A checkout with its product name and item names cut; too many items are left out. */
function boundRow(c: Checkout): Checkout {
  const out: Checkout = { ...c, product_name: cut(c.product_name) };
  if (c.items) {
    const items = c.items.map((i) => ({ ...i, name: cut(i.name) }));
    const size = items.reduce((n, i) => n + i.name.length, 0);
    if (items.length > ROW_ITEMS_MAX || size > ROW_ITEMS_TEXT_MAX) delete out.items;
    else out.items = items;
  }
  return out;
}

/** Where `text` occurs in a (cut) checkout: the name first, then an item, then the id. */
export function matchOf(c: Checkout, text: string): CheckoutMatch | undefined {
  const fields: [CheckoutMatch['field'], string][] = [
    ['product_name', c.product_name],
    ...(c.items ?? []).map((i): [CheckoutMatch['field'], string] => ['item', i.name]),
    ['id', cut(c.id)],
  ];
  for (const [field, value] of fields) {
    const ranges = rangesOf(value, text);
    if (ranges.length > 0) return { field, text: value, ranges };
  }
  return undefined;
}

/**
 * [start, end) UTF-16 ranges of the first ROW_RANGES_MAX occurrences of needle in hay,
 * folded like the index.
 */
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
    if (out.length >= ROW_RANGES_MAX) break;
  }
  return out;
}
