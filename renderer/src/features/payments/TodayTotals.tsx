// Today's verified money, one card per currency, in the regional format.
import { defineMessages, useIntl, type NoMessageValues, type MessageValue } from 'react-intl';
import { formatMoney } from '#shared/money.ts';
import { useTotals } from '../../api/queries.ts';
import { errorText } from '../../i18n/error-messages.ts';
import { userLocale } from '../../lib/locale.ts';

const m = defineMessages<{
  title: NoMessageValues;
  titleCount: { count: number };
  unavailable: { reason: MessageValue };
  total: NoMessageValues;
  totals: NoMessageValues;
  none: NoMessageValues;
  perCurrency: { count: number; currency: MessageValue };
  loading: NoMessageValues;
}>({
  title: {
    id: 'payments.today.title',
    defaultMessage: 'Today',
    description: 'Heading of today’s totals, before the count is known',
  },
  titleCount: {
    id: 'payments.today.titleCount',
    defaultMessage: '{count, plural, one {Today · # paid} other {Today · # paid}}',
  },
  unavailable: { id: 'payments.today.unavailable', defaultMessage: 'Totals unavailable: {reason}' },
  total: { id: 'payments.today.total', defaultMessage: "Today's total" },
  totals: { id: 'payments.today.totals', defaultMessage: "Today's totals" },
  none: { id: 'payments.today.none', defaultMessage: 'No verified payments yet today' },
  perCurrency: {
    id: 'payments.today.perCurrency',
    defaultMessage:
      '{count, plural, one {# payment in {currency}} other {# payments in {currency}}}',
    description: 'Under a currency’s total; currency is its ISO code, e.g. EUR',
  },
  loading: { id: 'payments.today.loading', defaultMessage: 'Loading today’s totals' },
});

export function TodayTotals() {
  const intl = useIntl();
  const q = useTotals();
  const t = q.data;
  const locale = userLocale();
  return (
    <section className="totals" aria-labelledby="totals-title">
      <h2 id="totals-title" className="small-title">
        {t
          ? intl.formatMessage(m.titleCount, { count: t.paid_count })
          : intl.formatMessage(m.title)}
      </h2>
      {q.isError && !t ? (
        <p className="field-error" role="alert">
          {intl.formatMessage(m.unavailable, { reason: errorText(intl, q.error) })}
        </p>
      ) : !t ? (
        <p className="muted" aria-label={intl.formatMessage(m.loading)}>
          <span aria-hidden="true">{ELLIPSIS}</span>
        </p>
      ) : t.totals.length === 0 ? (
        <p className="total-card empty" aria-label={intl.formatMessage(m.total)}>
          <bdi className="total-amount">{formatMoney(0, 'USD', locale)}</bdi>
          <span className="muted small">{intl.formatMessage(m.none)}</span>
        </p>
      ) : (
        <ul className="total-cards" aria-label={intl.formatMessage(m.totals)}>
          {t.totals.map((x) => (
            <li key={x.currency} className="total-card">
              <bdi className="total-amount">{formatMoney(x.amount, x.currency, locale)}</bdi>
              <span className="muted small">
                {intl.formatMessage(m.perCurrency, { count: x.count, currency: x.currency })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** While the totals load: a mark, not a word. */
const ELLIPSIS = '…';
