// A line's unit price. The amount it will send is always shown under it (a grid item of its
// own, see new-link.css), formatted for the currency, so "4,50" can be checked before Create;
// a text with two readings offers both.
import { formatMoney, fromMinor } from '#shared/money.ts';
import { formatPriceInput, type PriceReading } from '#shared/money-input.ts';

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
  const { reading, currency, locale } = props;
  const money = (minor: number) => formatMoney(fromMinor(minor, currency), currency, locale);
  const readsId = `${props.id}-reads`;
  return (
    <>
      <input
        id={props.id}
        aria-label={`Line ${props.line} unit price`}
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
          <>
            <span className="sr-only">Sends </span>
            {money(reading.minor)}
          </>
        ) : reading.kind === 'ambiguous' ? (
          'Which amount?'
        ) : reading.kind === 'error' ? (
          <span aria-hidden="true">—</span>
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
  choices: readonly number[];
  currency: string;
  locale: string;
  onChoose(text: string): void;
}) {
  const { currency, locale } = props;
  return (
    <span
      className="price-choice"
      role="group"
      aria-label={`Line ${props.line} price`}
      id={props.id}
    >
      <span>
        “{props.text.trim()}” could mean{' '}
        {props.choices.map((minor, i) => (
          <span key={minor}>
            {i > 0 ? ' or ' : null}
            <button
              type="button"
              className="link-button"
              onClick={() => props.onChoose(formatPriceInput(minor, currency, locale))}
            >
              {formatMoney(fromMinor(minor, currency), currency, locale)}
            </button>
          </span>
        ))}
        . Choose one.
      </span>
    </span>
  );
}
