// The chips under the search box: status, currency and when the link was made. Each change
// goes to the first page of the new result (ui-store).
import { useId } from 'react';
import { ALL_CURRENCIES, COMMON_CURRENCIES } from '#shared/currencies.ts';
import { useUiPick, type ActiveFilter, type DateRange } from '../../state/ui-store.ts';
import { Segmented } from '../../ui/Segmented.tsx';

const STATUSES: { value: ActiveFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'paid', label: 'Paid' },
];

const RANGES: { value: DateRange; label: string }[] = [
  { value: 'any', label: 'Any time' },
  { value: 'today', label: 'Today' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: 'custom', label: 'Custom' },
];

const common = new Set<string>(COMMON_CURRENCIES);
const rest = ALL_CURRENCIES.filter((c) => !common.has(c));

export function FilterChips({ dateError }: { dateError: string | null }) {
  const ui = useUiPick(
    'checkoutFilter',
    'setCheckoutFilter',
    'currencyFilter',
    'setCurrencyFilter',
    'dateRange',
    'setDateRange',
    'dateFrom',
    'dateTo',
    'setCustomDates',
  );
  const id = useId();
  const errorId = `${id}-error`;
  const described = dateError ? errorId : undefined;
  return (
    <div className="filter-chips">
      <Segmented
        label="Show"
        value={ui.checkoutFilter}
        options={STATUSES}
        onChange={ui.setCheckoutFilter}
      />
      <span className="inline-label">
        <label htmlFor={`${id}-currency`}>Currency</label>
        <select
          id={`${id}-currency`}
          value={ui.currencyFilter}
          onChange={(e) => ui.setCurrencyFilter(e.target.value)}
        >
          <option value="">Any</option>
          <optgroup label="Common">
            {COMMON_CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </optgroup>
          <optgroup label="All currencies">
            {rest.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </optgroup>
        </select>
      </span>
      <Segmented label="Created" value={ui.dateRange} options={RANGES} onChange={ui.setDateRange} />
      {ui.dateRange === 'custom' ? (
        <span className="custom-dates">
          <span className="inline-label">
            <label htmlFor={`${id}-from`}>From</label>
            <input
              id={`${id}-from`}
              type="date"
              value={ui.dateFrom}
              aria-invalid={dateError ? true : undefined}
              aria-describedby={described}
              onChange={(e) => ui.setCustomDates({ from: e.target.value })}
            />
          </span>
          <span className="inline-label">
            <label htmlFor={`${id}-to`}>To</label>
            <input
              id={`${id}-to`}
              type="date"
              value={ui.dateTo}
              aria-invalid={dateError ? true : undefined}
              aria-describedby={described}
              onChange={(e) => ui.setCustomDates({ to: e.target.value })}
            />
          </span>
          {dateError ? (
            <span id={errorId} className="field-error" role="alert">
              {dateError}
            </span>
          ) : null}
        </span>
      ) : null}
    </div>
  );
}
