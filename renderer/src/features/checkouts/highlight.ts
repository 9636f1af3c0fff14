// What to mark in a search result: the engine's `match.ranges`, exactly, for the field and
// text it matched. They are found the way the index folds text (no case, no accents: "creme"
// marks "Crème"), so the page has no search of its own that could mark something else.
// Offsets are UTF-16, like String.
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

/** The ranges to mark in `text` (a checkout's field): the engine's, when it matched there. */
export function rangesFor(
  text: string,
  field: CheckoutMatch['field'],
  match: CheckoutMatch | undefined,
): Range[] {
  if (match && match.field === field && match.text === text) {
    return normalise(match.ranges, text.length);
  }
  return [];
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
