// One-click lines from the shop's saved items.
import { formatMoney, fromMinor, parseMajorText } from '../../../../shared/money.ts';
import { newLine, useDraft } from '../../state/draft-store.ts';
import { useCatalogue, type SavedItem } from '../../state/catalogue-store.ts';
import { announce } from '../../ui/announcer.tsx';

function price(item: SavedItem): string {
  const p = parseMajorText(item.price, item.currency);
  return p.ok ? formatMoney(fromMinor(p.minor, item.currency), item.currency) : item.price;
}

export function SavedItems() {
  const items = useCatalogue((s) => s.items);
  const remove = useCatalogue((s) => s.remove);
  const addLine = useDraft((s) => s.addLine);
  const currency = useDraft((s) => s.draft.currency);
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
            aria-label={`Add ${item.name} (${price(item)})`}
            title={item.currency !== currency ? `Saved in ${item.currency}` : undefined}
            onClick={() => {
              addLine(newLine(item.name, item.price));
              announce(`Added ${item.name}`);
            }}
          >
            <span className="chip-name">{item.name}</span>
            <span className="chip-price">{price(item)}</span>
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
