// The product name the new link will get, in the summary bar: "<first name> + N more", where
// only the first name shortens when space runs out and "+ N more" is in the console's
// language (the service's own product name says it in English).
import { useIntl } from 'react-intl';
import { moreText, productNameText, splitProductName } from '../../lib/product-name.ts';
import { Isolate } from '../../ui/Bidi.tsx';
import { SPACE } from '../../ui/space.ts';

export function SummaryName({ name }: { name: string }) {
  const intl = useIntl();
  const { first, more } = splitProductName(name);
  return (
    <span className="pname summary-name" title={productNameText(intl, name)}>
      <span className="pname-first">
        <Isolate>{first}</Isolate>
      </span>
      {more ? (
        <span className="pname-more">
          {SPACE}
          {moreText(intl, more)}
        </span>
      ) : null}
    </span>
  );
}
