// Which payments Live payments shows: Today (the live feed, the default), one business day,
// or a range of them (the history). Offered to a role that may read the history (Till and
// Owner); a Watch screen sees today only.
import { useId, useState, type ReactNode } from 'react';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import { useSettings } from '../../api/queries.ts';
import { canCall, useRole } from '../../app/role.ts';
import { addDays, businessDayOf } from '../../lib/business-day.ts';
import { useNow } from '../../lib/use-now.ts';
import { PaymentHistory } from './PaymentHistory.tsx';

const m = defineMessages<{
  label: NoMessageValues;
  today: NoMessageValues;
  day: NoMessageValues;
  range: NoMessageValues;
}>({
  label: { id: 'payments.scope.label', defaultMessage: 'Payments of' },
  today: {
    id: 'payments.scope.today',
    defaultMessage: 'Today (live)',
    description: 'Live payments: the live feed, as payments arrive',
  },
  day: { id: 'payments.scope.day', defaultMessage: 'A day' },
  range: { id: 'payments.scope.range', defaultMessage: 'A range of days' },
});

type Scope = 'today' | 'day' | 'range';

/**
 * The choice (a compact select for the screen's head, so Today keeps its rows in view at
 * 900×600) and, for a day or a range, the history to show instead of the live feed.
 * `control` is null for a role that cannot read the history.
 */
export function usePaymentsScope(): { control: ReactNode; history: ReactNode } {
  const intl = useIntl();
  const id = useId();
  const allowed = canCall(useRole(), 'payments.history');
  const rollsAt = useSettings().data?.day_rolls_at ?? '00:00';
  // The business day moves at the roll time: a minute's clock is close enough to name it.
  const now = useNow(60_000);
  const today = businessDayOf(now, rollsAt);
  const [scope, setScope] = useState<Scope>('today');
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  if (!allowed) return { control: null, history: null };
  const control = (
    <label className="inline-label" htmlFor={id}>
      {intl.formatMessage(m.label)}
      <select
        id={id}
        value={scope}
        onChange={(e) => {
          const v = e.target.value;
          if (v === 'today' || v === 'day' || v === 'range') setScope(v);
        }}
      >
        <option value="today">{intl.formatMessage(m.today)}</option>
        <option value="day">{intl.formatMessage(m.day)}</option>
        <option value="range">{intl.formatMessage(m.range)}</option>
      </select>
    </label>
  );
  const history =
    scope === 'today' ? null : (
      <PaymentHistory
        mode={scope}
        today={today}
        // A day: today until one is chosen; a range: the last seven days.
        from={from ?? (scope === 'day' ? today : addDays(today, -6))}
        to={to ?? today}
        onFrom={setFrom}
        onTo={setTo}
      />
    );
  return { control, history };
}
