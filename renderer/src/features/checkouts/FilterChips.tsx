// The chips under the search box: status, currency and when the link was made. Each change
// goes to the first page of the new result (ui-store).
import { useId } from 'react';
import { defineMessages, useIntl, type MessageDescriptor, type NoMessageValues } from 'react-intl';
import { ALL_CURRENCIES, COMMON_CURRENCIES } from '#shared/currencies.ts';
import { useUiPick, type ActiveFilter, type DateRange } from '../../state/ui-store.ts';
import { Segmented } from '../../ui/Segmented.tsx';
import type { DateError } from './search-input.ts';
import { dateErrorText } from './search-words.ts';

type None = NoMessageValues;
const m = defineMessages<{
  all: None;
  active: None;
  inactive: None;
  paid: None;
  any: None;
  today: None;
  days7: None;
  days30: None;
  custom: None;
  show: None;
  currency: None;
  anyCurrency: None;
  common: None;
  allCurrencies: None;
  created: None;
  from: None;
  to: None;
}>({
  all: { id: 'checkouts.filter.all', defaultMessage: 'All' },
  active: { id: 'checkouts.filter.active', defaultMessage: 'Active' },
  inactive: { id: 'checkouts.filter.inactive', defaultMessage: 'Inactive' },
  paid: { id: 'checkouts.filter.paid', defaultMessage: 'Paid' },
  any: { id: 'checkouts.filter.anyTime', defaultMessage: 'Any time' },
  today: { id: 'checkouts.filter.today', defaultMessage: 'Today' },
  days7: { id: 'checkouts.filter.sevenDays', defaultMessage: '7 days' },
  days30: { id: 'checkouts.filter.thirtyDays', defaultMessage: '30 days' },
  custom: {
    id: 'checkouts.filter.custom',
    defaultMessage: 'Custom',
    description: 'A date range the person chooses with From and To',
  },
  show: {
    id: 'checkouts.filter.show',
    defaultMessage: 'Show',
    description: 'Name of the status filter (All, Active, Inactive, Paid)',
  },
  currency: { id: 'checkouts.filter.currency', defaultMessage: 'Currency' },
  anyCurrency: {
    id: 'checkouts.filter.anyCurrency',
    defaultMessage: 'Any',
    description: 'Currency filter: every currency',
  },
  common: { id: 'checkouts.filter.commonCurrencies', defaultMessage: 'Common' },
  allCurrencies: { id: 'checkouts.filter.allCurrencies', defaultMessage: 'All currencies' },
  created: {
    id: 'checkouts.filter.created',
    defaultMessage: 'Created',
    description: 'Name of the date filter: when the link was made',
  },
  from: { id: 'checkouts.filter.from', defaultMessage: 'From' },
  to: { id: 'checkouts.filter.to', defaultMessage: 'To' },
});

const STATUSES: { value: ActiveFilter; label: MessageDescriptor }[] = [
  { value: 'all', label: m.all },
  { value: 'active', label: m.active },
  { value: 'inactive', label: m.inactive },
  { value: 'paid', label: m.paid },
];

const RANGES: { value: DateRange; label: MessageDescriptor }[] = [
  { value: 'any', label: m.any },
  { value: 'today', label: m.today },
  { value: '7d', label: m.days7 },
  { value: '30d', label: m.days30 },
  { value: 'custom', label: m.custom },
];

const common = new Set<string>(COMMON_CURRENCIES);
const rest = ALL_CURRENCIES.filter((c) => !common.has(c));

export function FilterChips({ dateError }: { dateError: DateError | null }) {
  const intl = useIntl();
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
  const words = <T extends string>(list: { value: T; label: MessageDescriptor }[]) =>
    list.map((o) => ({ value: o.value, label: intl.formatMessage(o.label) }));
  return (
    <div className="filter-chips">
      <Segmented
        label={intl.formatMessage(m.show)}
        value={ui.checkoutFilter}
        options={words(STATUSES)}
        onChange={ui.setCheckoutFilter}
      />
      <span className="inline-label">
        <label htmlFor={`${id}-currency`}>{intl.formatMessage(m.currency)}</label>
        <select
          id={`${id}-currency`}
          value={ui.currencyFilter}
          onChange={(e) => ui.setCurrencyFilter(e.target.value)}
        >
          <option value="">{intl.formatMessage(m.anyCurrency)}</option>
          <optgroup label={intl.formatMessage(m.common)}>
            {COMMON_CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </optgroup>
          <optgroup label={intl.formatMessage(m.allCurrencies)}>
            {rest.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </optgroup>
        </select>
      </span>
      <Segmented
        label={intl.formatMessage(m.created)}
        value={ui.dateRange}
        options={words(RANGES)}
        onChange={ui.setDateRange}
      />
      {ui.dateRange === 'custom' ? (
        <span className="custom-dates">
          <span className="inline-label">
            <label htmlFor={`${id}-from`}>{intl.formatMessage(m.from)}</label>
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
            <label htmlFor={`${id}-to`}>{intl.formatMessage(m.to)}</label>
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
              {dateErrorText(intl, dateError)}
            </span>
          ) : null}
        </span>
      ) : null}
    </div>
  );
}
