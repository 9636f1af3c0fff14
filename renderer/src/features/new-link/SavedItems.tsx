// One-click lines from the shop's saved items.
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import { formatMoney, fromMinor, parseMajorText } from '#shared/money.ts';
import { formatPriceInput } from '#shared/money-input.ts';
import { newLine, useDraft } from '../../state/draft-store.ts';
import { useCatalogue, type SavedItem } from '../../state/catalogue-store.ts';
import { GLYPH } from '../../lib/glyphs.ts';
import { userLocale } from '../../lib/locale.ts';
import { Isolate, isolate } from '../../ui/Bidi.tsx';
import { announce } from '../../ui/announcer.tsx';

const m = defineMessages<{
  tip: NoMessageValues;
  list: NoMessageValues;
  add: { name: string; price: string };
  savedIn: { currency: string };
  added: { name: string };
  forget: { name: string };
}>({
  tip: {
    id: 'newLink.saved.tip',
    defaultMessage:
      'Tip: save a line with the star button and it appears here for one-click reuse.',
  },
  list: { id: 'newLink.saved.list', defaultMessage: 'Saved items' },
  add: { id: 'newLink.saved.add', defaultMessage: 'Add {name} ({price})' },
  savedIn: { id: 'newLink.saved.currency', defaultMessage: 'Saved in {currency}' },
  added: { id: 'newLink.saved.added', defaultMessage: 'Added {name}' },
  forget: { id: 'newLink.saved.forget', defaultMessage: 'Forget saved item {name}' },
});

/** A saved price is a plain decimal ("1234.50"), read the same whatever the locale. */
function savedMinor(item: SavedItem): number | null {
  const p = parseMajorText(item.price, item.currency, 'en-US');
  return p.ok ? p.minor : null;
}

function price(item: SavedItem, locale: string): string {
  const minor = savedMinor(item);
  return minor === null
    ? item.price
    : formatMoney(fromMinor(minor, item.currency), item.currency, locale);
}

/** The saved price as this locale types it, so the new line reads back the same amount. */
function priceText(item: SavedItem, locale: string): string {
  const minor = savedMinor(item);
  return minor === null ? item.price : formatPriceInput(minor, item.currency, locale);
}

export function SavedItems() {
  const intl = useIntl();
  const items = useCatalogue((s) => s.items);
  const remove = useCatalogue((s) => s.remove);
  const addLine = useDraft((s) => s.addLine);
  const currency = useDraft((s) => s.draft.currency);
  const locale = userLocale();
  if (items.length === 0) {
    return <p className="muted small">{intl.formatMessage(m.tip)}</p>;
  }
  return (
    <ul className="chips" aria-label={intl.formatMessage(m.list)}>
      {items.map((item) => (
        <li key={item.id} className="chip">
          <button
            type="button"
            className="chip-main"
            aria-label={intl.formatMessage(m.add, {
              name: isolate(item.name),
              price: isolate(price(item, locale)),
            })}
            title={
              item.currency !== currency
                ? intl.formatMessage(m.savedIn, { currency: item.currency })
                : undefined
            }
            onClick={() => {
              addLine(newLine(item.name, priceText(item, locale)));
              announce(intl.formatMessage(m.added, { name: isolate(item.name) }));
            }}
          >
            <span className="chip-name">
              <Isolate>{item.name}</Isolate>
            </span>
            <span className="chip-price">
              <Isolate>{price(item, locale)}</Isolate>
            </span>
          </button>
          <button
            type="button"
            className="chip-x"
            aria-label={intl.formatMessage(m.forget, { name: isolate(item.name) })}
            onClick={() => remove(item.id)}
          >
            {GLYPH.remove}
          </button>
        </li>
      ))}
    </ul>
  );
}
