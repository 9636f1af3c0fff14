// "<first name> + N more": when space runs out, the first name is shortened, never the
// "+ N more" that says how many lines the link has. The engine writes product names in
// English ("Tea + 2 more"); the "+ N more" is worded here in the console's language.
import { useIntl, type IntlShape } from 'react-intl';
import { SPACE } from './space.ts';

const MORE = / \+ (\d+) more$/;

/** The first line's name and how many more lines there are (0: a single line). */
export function productNameParts(name: string): { first: string; more: number } {
  const m = MORE.exec(name);
  return m ? { first: name.slice(0, m.index), more: Number(m[1]) } : { first: name, more: 0 };
}

/** "+ 2 more" in the console's language. */
export function moreLines(intl: IntlShape, count: number): string {
  return intl.formatMessage(
    {
      id: 'ui.productName.more',
      defaultMessage: '{count, plural, other {+ # more}}',
      description: 'After the first item’s name: how many more lines the payment link has',
    },
    { count },
  );
}

/** The whole name as the console says it ("Tea + 2 more", "Tee + 2 weitere"). */
export function localProductName(intl: IntlShape, name: string): string {
  const { first, more } = productNameParts(name);
  return more ? `${first} ${moreLines(intl, more)}` : first;
}

export function ProductName({ name, className }: { name: string; className?: string }) {
  const intl = useIntl();
  const { first, more } = productNameParts(name);
  return (
    <span
      className={`pname${className ? ` ${className}` : ''}`}
      title={localProductName(intl, name)}
    >
      <span className="pname-first">{first}</span>
      {more ? (
        <span className="pname-more">
          {SPACE}
          {moreLines(intl, more)}
        </span>
      ) : null}
    </span>
  );
}
