// Search hits marked with <mark>, built as React text nodes (never as HTML), so a product
// name can hold any characters.
import type { Checkout } from '#shared/domain.ts';
import { rangesFor, segments, sliceRanges, type Range } from './highlight.ts';

export function Marked({ text, ranges }: { text: string; ranges: readonly Range[] }) {
  return (
    <>
      {segments(text, ranges).map((s, i) =>
        s.hit ? <mark key={i}>{s.text}</mark> : <span key={i}>{s.text}</span>,
      )}
    </>
  );
}

// Same shape as ui/ProductName: "<first name> + N more", only the first name shortens.
const MORE = / \+ \d+ more$/;

/** The product name with its hits, plus the item or id that matched when it was not the name. */
export function HighlightedName({ c }: { c: Checkout }) {
  const name = c.product_name;
  const ranges = rangesFor(name, 'product_name', c.match);
  const m = MORE.exec(name);
  const cut = m ? m.index : name.length;
  const other = c.match && c.match.field !== 'product_name' ? c.match : null;
  return (
    <>
      <span className="pname" title={name}>
        <span className="pname-first">
          <Marked text={name.slice(0, cut)} ranges={sliceRanges(ranges, 0, cut)} />
        </span>
        {m ? (
          <span className="pname-more">
            <Marked text={m[0]} ranges={sliceRanges(ranges, cut, name.length)} />
          </span>
        ) : null}
      </span>
      {other ? (
        <span className="match-note small muted">
          {other.field === 'item' ? 'Item: ' : 'ID: '}
          <Marked text={other.text} ranges={rangesFor(other.text, other.field, other)} />
        </span>
      ) : null}
    </>
  );
}
