// Common currencies first, then every ISO 4217 code, each with its name; the label says how
// many decimals the price fields accept, because that rule changes with the currency (JPY 0,
// KWD 3).
import { useId } from 'react';
import { ALL_CURRENCIES, COMMON_CURRENCIES, currencyExponent } from '#shared/currencies.ts';
import { currencyLabel } from '../../lib/currency-names.ts';
import { userLocale } from '../../lib/locale.ts';

const common = new Set<string>(COMMON_CURRENCIES);
const rest = ALL_CURRENCIES.filter((c) => !common.has(c));

export function CurrencyPicker(props: {
  value: string;
  onChange(code: string): void;
  error?: string | undefined;
}) {
  const id = useId();
  const locale = userLocale();
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
        Currency
      </label>
      <select
        id={id}
        value={props.value}
        aria-describedby={props.error ? `${id}-err ${id}-hint` : `${id}-hint`}
        aria-invalid={props.error ? true : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      >
        <optgroup label="Common">
          {COMMON_CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {currencyLabel(c, locale)}
            </option>
          ))}
        </optgroup>
        <optgroup label="All currencies">
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
        {exp === 0 ? 'Whole amounts only' : `Prices with up to ${exp} decimals`}
      </p>
    </div>
  );
}
