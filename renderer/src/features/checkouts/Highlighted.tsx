// Search hits marked with <mark>, built as React text nodes (never as HTML), so a product
// name can hold any characters.
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import type { Checkout } from '#shared/domain.ts';
import { moreText, productNameText, splitProductName } from '../../lib/product-name.ts';
import { Isolate } from '../../ui/Bidi.tsx';
import { SPACE } from '../../ui/space.ts';
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

const m = defineMessages<{ item: NoMessageValues; id: NoMessageValues }>({
  item: {
    id: 'checkouts.match.item',
    defaultMessage: 'Item:',
    description: 'Before the item name the search matched',
  },
  id: {
    id: 'checkouts.match.id',
    defaultMessage: 'ID:',
    description: 'Before the checkout id the search matched',
  },
});

/** The product name with its hits, plus the item or id that matched when it was not the name. */
export function HighlightedName({ c }: { c: Checkout }) {
  const intl = useIntl();
  const name = c.product_name;
  // "+ N more" is said in the console's language; only the first name can hold a hit.
  const split = splitProductName(name);
  const first = split.first;
  const ranges = sliceRanges(rangesFor(name, 'product_name', c.match), 0, first.length);
  const more = split.more ? moreText(intl, split.more) : null;
  const other = c.match && c.match.field !== 'product_name' ? c.match : null;
  return (
    <>
      <span className="pname" title={productNameText(intl, name)}>
        <span className="pname-first">
          <Isolate>
            <Marked text={first} ranges={ranges} />
          </Isolate>
        </span>
        {more ? (
          <span className="pname-more">
            {SPACE}
            {more}
          </span>
        ) : null}
      </span>
      {other ? (
        <span className="match-note small muted">
          {intl.formatMessage(other.field === 'item' ? m.item : m.id)}
          {SPACE}
          <Isolate>
            <Marked text={other.text} ranges={rangesFor(other.text, other.field, other)} />
          </Isolate>
        </span>
      ) : null}
    </>
  );
}
