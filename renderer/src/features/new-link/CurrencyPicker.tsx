// Common currencies first, then every ISO 4217 code, each with its name; the label says how
// many decimals the price fields accept, because that rule changes with the currency (JPY 0,
// KWD 3). Currency names are in the console's language.
import { useId } from 'react';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import { ALL_CURRENCIES, COMMON_CURRENCIES, currencyExponent } from '#shared/currencies.ts';
import { currencyLabel } from '../../lib/currency-names.ts';

const m = defineMessages<{
  label: NoMessageValues;
  common: NoMessageValues;
  all: NoMessageValues;
  hint: { decimals: number };
}>({
  label: { id: 'newLink.currency.label', defaultMessage: 'Currency' },
  common: { id: 'newLink.currency.common', defaultMessage: 'Common' },
  all: { id: 'newLink.currency.all', defaultMessage: 'All currencies' },
  hint: {
    id: 'newLink.currency.hint',
    defaultMessage:
      '{decimals, plural, =0 {Whole amounts only} one {Prices with up to # decimal} other {Prices with up to # decimals}}',
  },
});

const common = new Set<string>(COMMON_CURRENCIES);
const rest = ALL_CURRENCIES.filter((c) => !common.has(c));

export function CurrencyPicker(props: {
  value: string;
  onChange(code: string): void;
  error?: string | undefined;
}) {
  const intl = useIntl();
  const id = useId();
  const locale = intl.locale;
  const exp = (() => {
    try {
      return currencyExponent(props.value);
    } catch {
      return 2;
    }
  })();
  return (
    <div className={`field${props.error ? ' has-error' : ''}`}>
      <label htmlFor={id} className="field-label">
        {intl.formatMessage(m.label)}
      </label>
      <select
        id={id}
        value={props.value}
        aria-describedby={props.error ? `${id}-err ${id}-hint` : `${id}-hint`}
        aria-invalid={props.error ? true : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      >
        <optgroup label={intl.formatMessage(m.common)}>
          {COMMON_CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {currencyLabel(c, locale)}
            </option>
          ))}
        </optgroup>
        <optgroup label={intl.formatMessage(m.all)}>
          {rest.map((c) => (
            <option key={c} value={c}>
              {currencyLabel(c, locale)}
            </option>
          ))}
        </optgroup>
      </select>
      {props.error ? (
        <p id={`${id}-err`} className="field-error">
          {props.error}
        </p>
      ) : null}
      <p id={`${id}-hint`} className="field-hint">
        {intl.formatMessage(m.hint, { decimals: exp })}
      </p>
    </div>
  );
}
