// The line items: name, unit price, quantity (default 1), with move up/down and remove.
// Each input is labelled "Line N …" so keyboard and screen-reader users know where they are;
// code finds a line's fields by data-line / data-field, whatever the language of the labels.
import { useCallback, useEffect, useRef, useState } from 'react';
import { defineMessages, useIntl, type MessageValue, type NoMessageValues } from 'react-intl';
import { currencyExponent } from '#shared/currencies.ts';
import { formatMoney, fromMinor } from '#shared/money.ts';
import { formatPriceInput, minorToDecimal } from '#shared/money-input.ts';
import { LIMITS } from '#shared/checkout-rules.ts';
import { GLYPH } from '../../lib/glyphs.ts';
import { useDraft, type DraftLine } from '../../state/draft-store.ts';
import { useCatalogue } from '../../state/catalogue-store.ts';
import { Isolate, isolate } from '../../ui/Bidi.tsx';
import { Button } from '../../ui/Button.tsx';
import { announce } from '../../ui/announcer.tsx';
import { Icon } from '../../ui/icons.tsx';
import type { Issues, LineCheck } from './draft-rules.ts';
import { PriceChoice, PriceField } from './PriceField.tsx';
import { UndoToast, type Removal } from './UndoToast.tsx';

type None = NoMessageValues;
const m = defineMessages<{
  colItem: None;
  colPrice: None;
  colQty: None;
  colTotal: None;
  name: { line: number };
  namePlaceholder: None;
  quantity: { line: number };
  up: { line: number };
  down: { line: number };
  save: { line: number };
  saveTitle: None;
  saved: { name: string };
  remove: { line: number };
  removed: { line: number; named: string; name: MessageValue };
  addLine: None;
}>({
  colItem: { id: 'newLink.col.item', defaultMessage: 'Item' },
  colPrice: { id: 'newLink.col.unitPrice', defaultMessage: 'Unit price' },
  colQty: { id: 'newLink.col.qty', defaultMessage: 'Qty', description: 'Quantity, short' },
  colTotal: { id: 'newLink.col.lineTotal', defaultMessage: 'Line total' },
  name: { id: 'newLink.line.name', defaultMessage: 'Line {line, number} name' },
  namePlaceholder: { id: 'newLink.line.namePlaceholder', defaultMessage: 'Item name' },
  quantity: { id: 'newLink.line.quantity', defaultMessage: 'Line {line, number} quantity' },
  up: { id: 'newLink.line.up', defaultMessage: 'Move line {line, number} up' },
  down: { id: 'newLink.line.down', defaultMessage: 'Move line {line, number} down' },
  save: { id: 'newLink.line.save', defaultMessage: 'Save line {line, number} to saved items' },
  saveTitle: { id: 'newLink.line.saveTitle', defaultMessage: 'Save to saved items' },
  saved: { id: 'newLink.line.saved', defaultMessage: 'Saved “{name}” to saved items' },
  remove: { id: 'newLink.line.remove', defaultMessage: 'Remove line {line, number}' },
  removed: {
    id: 'newLink.line.removed',
    defaultMessage:
      '{named, select, yes {Removed line {line, number} “{name}”.} other {Removed line {line, number}.}}',
    description: 'named is yes when the line had a name',
  },
  addLine: { id: 'newLink.addLine', defaultMessage: 'Add line' },
});

/** Where focus goes after a render: a line's name field, or "Add line". */
type FocusTarget = { line: number } | 'add';

export function ItemsEditor(props: {
  issues: Issues;
  lines: LineCheck[];
  locale: string;
  shown(field: string): boolean;
  touch(field: string): void;
}) {
  const intl = useIntl();
  const { draft, setLine, addLine, removeLine, insertLine, moveLine } = useDraft();
  const save = useCatalogue((s) => s.save);
  const { locale } = props;
  const root = useRef<HTMLDivElement>(null);
  const removalSeq = useRef(0);
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const [removed, setRemoved] = useState<(Removal & { line: DraftLine; index: number }) | null>(
    null,
  );
  const expire = useCallback(() => setRemoved(null), []);

  // Focus moves once the lines it refers to are rendered.
  useEffect(() => {
    if (!focusTarget || !root.current) return;
    const el =
      focusTarget === 'add'
        ? root.current.querySelector<HTMLElement>('.lines-foot > button')
        : root.current.querySelector<HTMLElement>(
            `[data-line="${focusTarget.line}"][data-field="name"]`,
          );
    el?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  function remove(index: number, line: DraftLine) {
    removeLine(line.key);
    const left = draft.lines.length - 1;
    // The next line takes this one's place; after the last line, the one before it.
    setFocusTarget(left === 0 ? 'add' : { line: Math.min(index, left - 1) + 1 });
    const name = line.name.trim();
    setRemoved({
      id: (removalSeq.current += 1),
      line,
      index,
      message: intl.formatMessage(m.removed, {
        line: index + 1,
        named: name ? 'yes' : 'no',
        name: <Isolate>{name}</Isolate>,
      }),
    });
  }

  function undo() {
    if (!removed) return;
    insertLine(removed.line, removed.index);
    setFocusTarget({ line: Math.min(removed.index, draft.lines.length) + 1 });
    setRemoved(null);
  }

  const exp = (() => {
    try {
      return currencyExponent(draft.currency);
    } catch {
      return 2;
    }
  })();
  const err = (f: string) => (props.shown(f) ? props.issues[f] : undefined);
  // The placeholder is written the way this locale writes a price: "0.00", "0,00", "٠٫٠٠".
  const placeholder = (() => {
    try {
      return formatPriceInput(0, draft.currency, locale);
    } catch {
      return exp === 0 ? '0' : `0.${'0'.repeat(exp)}`;
    }
  })();
  const n = draft.lines.length;
  const money = (minor: number) =>
    formatMoney(fromMinor(minor, draft.currency), draft.currency, locale);

  return (
    <div className="lines" ref={root}>
      <div className="line line-head" aria-hidden="true">
        <span>{GLYPH.number}</span>
        <span>{intl.formatMessage(m.colItem)}</span>
        <span>{intl.formatMessage(m.colPrice)}</span>
        <span>{intl.formatMessage(m.colQty)}</span>
        <span className="num">{intl.formatMessage(m.colTotal)}</span>
        <span />
      </div>
      <ol className="line-list">
        {draft.lines.map((line, i) => {
          const f = (k: string) => `items[${i}].${k}`;
          const check = props.lines[i];
          const reading = check?.price ?? { kind: 'empty' };
          // An ambiguous price shows its choice at once, not only after the field is left.
          const choice = reading.kind === 'ambiguous' ? reading.choices : null;
          const errors = [
            ['name', err(f('name'))],
            ['amount', choice ? undefined : err(f('amount'))],
            ['quantity', err(f('quantity'))],
          ].filter((e): e is [string, string] => Boolean(e[1]));
          const errId = (k: string) => `line-${line.key}-${k}-error`;
          // Each field with an error names it in aria-describedby (the list under the line).
          const describedBy = (k: string) => (err(f(k)) ? errId(k) : undefined);
          const priceErrors = [
            ...(choice ? [`line-${line.key}-choice`] : []),
            ...errors.filter(([k]) => k === 'amount').map(([k]) => errId(k)),
          ];
          return (
            <li key={line.key} className={`line${errors.length || choice ? ' has-error' : ''}`}>
              <span className="line-no" aria-hidden="true">
                {intl.formatNumber(i + 1)}
              </span>
              <input
                aria-label={intl.formatMessage(m.name, { line: i + 1 })}
                data-line={i + 1}
                data-field="name"
                placeholder={intl.formatMessage(m.namePlaceholder)}
                value={line.name}
                maxLength={LIMITS.nameMax + 20}
                aria-invalid={err(f('name')) ? true : undefined}
                aria-describedby={describedBy('name')}
                onChange={(e) => setLine(line.key, { name: e.target.value })}
                onBlur={() => props.touch(f('name'))}
              />
              <PriceField
                line={i + 1}
                id={`line-${line.key}-price`}
                value={line.price}
                reading={reading}
                currency={draft.currency}
                locale={locale}
                placeholder={placeholder}
                decimals={exp}
                invalid={Boolean(err(f('amount')) || choice)}
                errorIds={priceErrors}
                onChange={(price) => setLine(line.key, { price })}
                onBlur={() => props.touch(f('amount'))}
              />
              <input
                aria-label={intl.formatMessage(m.quantity, { line: i + 1 })}
                data-line={i + 1}
                data-field="quantity"
                inputMode="numeric"
                className="num"
                value={line.quantity}
                aria-invalid={err(f('quantity')) ? true : undefined}
                aria-describedby={describedBy('quantity')}
                onChange={(e) => setLine(line.key, { quantity: e.target.value })}
                onBlur={() => props.touch(f('quantity'))}
              />
              <span className="num line-total">
                <Isolate>
                  {check?.totalMinor == null ? GLYPH.none : money(check.totalMinor)}
                </Isolate>
              </span>
              <span className="line-actions">
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={intl.formatMessage(m.up, { line: i + 1 })}
                  disabled={i === 0}
                  onClick={() => moveLine(line.key, -1)}
                >
                  <Icon name="up" />
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={intl.formatMessage(m.down, { line: i + 1 })}
                  disabled={i === n - 1}
                  onClick={() => moveLine(line.key, 1)}
                >
                  <Icon name="down" />
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={intl.formatMessage(m.save, { line: i + 1 })}
                  title={intl.formatMessage(m.saveTitle)}
                  disabled={!line.name.trim() || reading.kind !== 'ok'}
                  onClick={() => {
                    if (reading.kind !== 'ok') return;
                    // Saved as a plain decimal ("1234.50"), which reads the same in any locale.
                    const price = minorToDecimal(reading.minor, draft.currency);
                    save({ name: line.name, price, currency: draft.currency });
                    announce(intl.formatMessage(m.saved, { name: isolate(line.name.trim()) }));
                  }}
                >
                  <Icon name="star" />
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={intl.formatMessage(m.remove, { line: i + 1 })}
                  onClick={() => remove(i, line)}
                >
                  <Icon name="x" />
                </Button>
              </span>
              {errors.length || choice ? (
                <ul className="line-errors">
                  {choice ? (
                    <li>
                      <PriceChoice
                        line={i + 1}
                        id={`line-${line.key}-choice`}
                        text={line.price}
                        choices={choice}
                        currency={draft.currency}
                        locale={locale}
                        onChoose={(price) => {
                          setLine(line.key, { price });
                          document.getElementById(`line-${line.key}-price`)?.focus();
                        }}
                      />
                    </li>
                  ) : null}
                  {errors.map(([k, e]) => (
                    <li key={k} id={errId(k)}>
                      {e}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ol>
      <div className="lines-foot">
        <Button
          icon={<Icon name="plus" />}
          disabled={n >= LIMITS.itemsMax}
          onClick={() => {
            addLine();
            // Focus the new line's name so typing continues without the mouse.
            setFocusTarget({ line: n + 1 });
          }}
        >
          {intl.formatMessage(m.addLine)}
        </Button>
        <UndoToast removal={removed} onUndo={undo} onExpire={expire} />
      </div>
      {err('items') ? <p className="field-error">{err('items')}</p> : null}
    </div>
  );
}
