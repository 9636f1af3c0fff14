// A line's unit price. The amount it will send is always shown under it (a grid item of its
// own, see new-link.css), formatted for the currency, so "4,50" can be checked before Create;
// a text with two readings offers both.
import type { ReactNode } from 'react';
import { defineMessages, useIntl, type MessageValue, type NoMessageValues } from 'react-intl';

import { formatMoney, fromMinor } from '#shared/money.ts';
import { formatPriceInput, type PriceReading } from '#shared/money-input.ts';
import { GLYPH } from '../../lib/glyphs.ts';
import { Isolate } from '../../ui/Bidi.tsx';

const m = defineMessages<{
  label: { line: number };
  which: NoMessageValues;
  group: { line: number };
  choice: { text: MessageValue; first: MessageValue; second: MessageValue };
}>({
  label: { id: 'newLink.line.unitPrice', defaultMessage: 'Line {line, number} unit price' },
  which: {
    id: 'newLink.price.which',
    defaultMessage: 'Which amount?',
    description: 'Under a price with two readings, until one is chosen',
  },
  group: { id: 'newLink.price.group', defaultMessage: 'Line {line, number} price' },
  choice: {
    id: 'newLink.price.choice',
    defaultMessage: '“{text}” could mean {first} or {second}. Choose one.',
    description: 'first and second are the two amounts the text can mean, each a button',
  },
});

export function PriceField(props: {
  line: number;
  id: string;
  value: string;
  reading: PriceReading;
  currency: string;
  locale: string;
  placeholder: string;
  decimals: number;
  invalid: boolean;
  /** Ids of the line's visible error messages, read after the amount. */
  errorIds: string[];
  onChange(text: string): void;
  onBlur(): void;
}) {
  const intl = useIntl();
  const { reading, currency, locale } = props;
  const money = (minor: number) => formatMoney(fromMinor(minor, currency), currency, locale);
  const readsId = `${props.id}-reads`;
  return (
    <>
      <input
        id={props.id}
        aria-label={intl.formatMessage(m.label, { line: props.line })}
        data-line={props.line}
        data-field="price"
        placeholder={props.placeholder}
        inputMode={props.decimals === 0 ? 'numeric' : 'decimal'}
        className="num"
        value={props.value}
        aria-invalid={props.invalid ? true : undefined}
        aria-describedby={[readsId, ...props.errorIds].join(' ')}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
      />
      <span className="price-reads num" id={readsId} data-testid={`line-${props.line}-sends`}>
        {reading.kind === 'ok' ? (
          intl.formatMessage(
            // Inline: a rich-text tag's value (hidden) has no place in defineMessages' types.
            {
              id: 'newLink.price.sends',
              defaultMessage: '<hidden>Sends</hidden> {amount}',
              description:
                'Under a price field: the amount it will send; “Sends” is read aloud only',
            },
            {
              hidden: (words: ReactNode[]) => <span className="sr-only">{words}</span>,
              amount: <Isolate>{money(reading.minor)}</Isolate>,
            },
          )
        ) : reading.kind === 'ambiguous' ? (
          intl.formatMessage(m.which)
        ) : reading.kind === 'error' ? (
          <span aria-hidden="true">{GLYPH.none}</span>
        ) : null}
      </span>
    </>
  );
}

/** "“1,500” could mean [1,50 €] or [1.500,00 €]": one click writes the chosen amount. */
export function PriceChoice(props: {
  line: number;
  id: string;
  text: string;
  choices: readonly [number, number];
  currency: string;
  locale: string;
  onChoose(text: string): void;
}) {
  const intl = useIntl();
  const { currency, locale } = props;
  const choice = (minor: number) => (
    <button
      type="button"
      className="link-button"
      onClick={() => props.onChoose(formatPriceInput(minor, currency, locale))}
    >
      <Isolate>{formatMoney(fromMinor(minor, currency), currency, locale)}</Isolate>
    </button>
  );
  return (
    <span
      className="price-choice"
      role="group"
      aria-label={intl.formatMessage(m.group, { line: props.line })}
      id={props.id}
    >
      <span>
        {intl.formatMessage(m.choice, {
          text: <Isolate>{props.text.trim()}</Isolate>,
          first: choice(props.choices[0]),
          second: choice(props.choices[1]),
        })}
      </span>
    </span>
  );
}
