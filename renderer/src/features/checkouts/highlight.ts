// What to mark in a search result. The engine's `match.ranges` win (they are exactly what
// FTS matched); without them each word of the query is found case-insensitively, so a
// trigram hit like "roiss" in "Croissant" is still shown. Offsets are UTF-16, like String.
import type { CheckoutMatch } from '#shared/domain.ts';

export type Range = readonly [start: number, end: number];
export interface Segment {
  text: string;
  hit: boolean;
}

/** Ranges clamped to the text, sorted, empty ones dropped and overlapping ones merged. */
export function normalise(ranges: readonly Range[], length: number): Range[] {
  const clean = ranges
    .map(([a, b]) => [Math.max(0, Math.min(a, length)), Math.max(0, Math.min(b, length))] as const)
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  const out: [number, number][] = [];
  for (const [a, b] of clean) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every place a word of `query` occurs in `text`, ignoring case. */
export function queryRanges(text: string, query: string): Range[] {
  const words = query.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  // Longest first, so "croissant croi" marks the whole word, not just its start.
  const pattern = words
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|');
  const ranges: Range[] = [];
  for (const m of text.matchAll(new RegExp(pattern, 'giu'))) {
    ranges.push([m.index, m.index + m[0].length]);
  }
  return normalise(ranges, text.length);
}

/** The ranges to mark in `text` (a checkout's field) for this result. */
export function rangesFor(
  text: string,
  field: CheckoutMatch['field'],
  match: CheckoutMatch | undefined,
  query: string,
): Range[] {
  if (match && match.field === field && match.text === text && match.ranges.length > 0) {
    return normalise(match.ranges, text.length);
  }
  return queryRanges(text, query);
}

/** `text` cut into plain and marked pieces, in order; joined they give `text` back. */
export function segments(text: string, ranges: readonly Range[]): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  for (const [a, b] of normalise(ranges, text.length)) {
    if (a > at) out.push({ text: text.slice(at, a), hit: false });
    out.push({ text: text.slice(a, b), hit: true });
    at = b;
  }
  if (at < text.length) out.push({ text: text.slice(at), hit: false });
  return out;
}

/** The ranges that fall inside [from, to), shifted to start at `from`. */
export function sliceRanges(ranges: readonly Range[], from: number, to: number): Range[] {
  return normalise(
    ranges.map(([a, b]) => [a - from, b - from] as const),
    to - from,
  );
}
