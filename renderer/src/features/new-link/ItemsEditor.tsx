// The line items: name, unit price, quantity (default 1), with move up/down and remove.
// Each input is labelled "Line N …" so keyboard and screen-reader users know where they are.
import { currencyExponent } from '../../../../shared/currencies.ts';
import { formatMoney, fromMinor, parseMajorText } from '../../../../shared/money.ts';
import { LIMITS } from '../../../../shared/checkout-rules.ts';
import { useDraft, type DraftLine } from '../../state/draft-store.ts';
import { useCatalogue } from '../../state/catalogue-store.ts';
import { Button } from '../../ui/Button.tsx';
import { announce } from '../../ui/announcer.tsx';
import { Icon } from '../../ui/icons.tsx';
import type { Issues } from './draft-rules.ts';

function lineTotal(line: DraftLine, currency: string): string {
  const p = parseMajorText(line.price, currency);
  const q = line.quantity.trim() === '' ? 1 : Number(line.quantity);
  if (!p.ok || !Number.isInteger(q) || q < 1) return '—';
  try {
    return formatMoney(fromMinor(p.minor * q, currency), currency);
  } catch {
    return '—';
  }
}

export function ItemsEditor(props: {
  issues: Issues;
  shown(field: string): boolean;
  touch(field: string): void;
}) {
  const { draft, setLine, addLine, removeLine, moveLine } = useDraft();
  const save = useCatalogue((s) => s.save);
  const exp = (() => {
    try {
      return currencyExponent(draft.currency);
    } catch {
      return 2;
    }
  })();
  const err = (f: string) => (props.shown(f) ? props.issues[f] : undefined);
  const n = draft.lines.length;

  return (
    <div className="lines">
      <div className="line line-head" aria-hidden="true">
        <span>#</span>
        <span>Item</span>
        <span>Unit price</span>
        <span>Qty</span>
        <span className="num">Line total</span>
        <span />
      </div>
      <ol className="line-list">
        {draft.lines.map((line, i) => {
          const f = (k: string) => `items[${i}].${k}`;
          // Each field with an error names it in aria-describedby (the list under the line).
          const errId = (k: string) => (err(f(k)) ? `line-${line.key}-${k}-err` : undefined);
          const errors = (['name', 'amount', 'quantity'] as const)
            .filter((k) => err(f(k)))
            .map((k) => ({ id: errId(k)!, text: err(f(k))! }));
          return (
            <li key={line.key} className={`line${errors.length ? ' has-error' : ''}`}>
              <span className="line-no" aria-hidden="true">
                {i + 1}
              </span>
              <input
                aria-label={`Line ${i + 1} name`}
                placeholder="Item name"
                value={line.name}
                maxLength={LIMITS.nameMax + 20}
                aria-invalid={err(f('name')) ? true : undefined}
                aria-describedby={errId('name')}
                onChange={(e) => setLine(line.key, { name: e.target.value })}
                onBlur={() => props.touch(f('name'))}
              />
              <input
                aria-label={`Line ${i + 1} unit price`}
                placeholder={exp === 0 ? '0' : `0.${'0'.repeat(exp)}`}
                inputMode={exp === 0 ? 'numeric' : 'decimal'}
                className="num"
                value={line.price}
                aria-invalid={err(f('amount')) ? true : undefined}
                aria-describedby={errId('amount')}
                onChange={(e) => setLine(line.key, { price: e.target.value })}
                onBlur={() => props.touch(f('amount'))}
              />
              <input
                aria-label={`Line ${i + 1} quantity`}
                inputMode="numeric"
                className="num"
                value={line.quantity}
                aria-invalid={err(f('quantity')) ? true : undefined}
                aria-describedby={errId('quantity')}
                onChange={(e) => setLine(line.key, { quantity: e.target.value })}
                onBlur={() => props.touch(f('quantity'))}
              />
              <span className="num line-total">{lineTotal(line, draft.currency)}</span>
              <span className="line-actions">
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Move line ${i + 1} up`}
                  disabled={i === 0}
                  onClick={() => moveLine(line.key, -1)}
                >
                  <Icon name="up" />
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Move line ${i + 1} down`}
                  disabled={i === n - 1}
                  onClick={() => moveLine(line.key, 1)}
                >
                  <Icon name="down" />
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Save line ${i + 1} to saved items`}
                  title="Save to saved items"
                  disabled={!line.name.trim() || !parseMajorText(line.price, draft.currency).ok}
                  onClick={() => {
                    save({ name: line.name, price: line.price.trim(), currency: draft.currency });
                    announce(`Saved “${line.name.trim()}” to saved items`);
                  }}
                >
                  <Icon name="star" />
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove line ${i + 1}`}
                  onClick={() => removeLine(line.key)}
                >
                  <Icon name="x" />
                </Button>
              </span>
              {errors.length ? (
                <ul className="line-errors">
                  {errors.map((e) => (
                    <li key={e.id} id={e.id}>
                      {e.text}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ol>
      <Button
        icon={<Icon name="plus" />}
        disabled={n >= LIMITS.itemsMax}
        onClick={() => {
          addLine();
          // Focus the new line's name so typing continues without the mouse.
          requestAnimationFrame(() =>
            document.querySelector<HTMLInputElement>(`[aria-label="Line ${n + 1} name"]`)?.focus(),
          );
        }}
      >
        Add line
      </Button>
      {err('items') ? <p className="field-error">{err('items')}</p> : null}
    </div>
  );
}
