// One-click lines from the shop's saved items.
import { formatMoney, fromMinor, parseMajorText } from '#shared/money.ts';
import { formatPriceInput } from '#shared/money-input.ts';
import { newLine, useDraft } from '../../state/draft-store.ts';
import { useCatalogue, type SavedItem } from '../../state/catalogue-store.ts';
import { userLocale } from '../../lib/locale.ts';
import { announce } from '../../ui/announcer.tsx';

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
  const items = useCatalogue((s) => s.items);
  const remove = useCatalogue((s) => s.remove);
  const addLine = useDraft((s) => s.addLine);
  const currency = useDraft((s) => s.draft.currency);
  const locale = userLocale();
  if (items.length === 0) {
    return (
      <p className="muted small">
        Tip: save a line with the star button and it appears here for one-click reuse.
      </p>
    );
  }
  return (
    <ul className="chips" aria-label="Saved items">
      {items.map((item) => (
        <li key={item.id} className="chip">
          <button
            type="button"
            className="chip-main"
            aria-label={`Add ${item.name} (${price(item, locale)})`}
            title={item.currency !== currency ? `Saved in ${item.currency}` : undefined}
            onClick={() => {
              addLine(newLine(item.name, priceText(item, locale)));
              announce(`Added ${item.name}`);
            }}
          >
            <span className="chip-name">{item.name}</span>
            <span className="chip-price">{price(item, locale)}</span>
          </button>
          <button
            type="button"
            className="chip-x"
            aria-label={`Forget saved item ${item.name}`}
            onClick={() => remove(item.id)}
          >
            ✕
          </button>
        </li>
      ))}
    </ul>
  );
}
