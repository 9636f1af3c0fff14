// Which payments Live payments shows: Today (the live feed, the default), one business day,
// or a range of them (the history). Shown to a role that may read the history (Till and
// Owner); a Watch screen sees today only.
import { useState, type ReactNode } from 'react';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import { useSettings } from '../../api/queries.ts';
import { canCall, useRole } from '../../app/role.ts';
import { addDays, businessDayOf } from '../../lib/business-day.ts';
import { useNow } from '../../lib/use-now.ts';
import { Segmented } from '../../ui/Segmented.tsx';
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

export function PaymentsScope(props: { children: ReactNode }) {
  const role = useRole();
  if (!canCall(role, 'payments.history')) return <>{props.children}</>;
  return <Scoped>{props.children}</Scoped>;
}

function Scoped(props: { children: ReactNode }) {
  const intl = useIntl();
  const rollsAt = useSettings().data?.day_rolls_at ?? '00:00';
  // The business day moves at the roll time: a minute's clock is close enough to name it.
  const now = useNow(60_000);
  const today = businessDayOf(now, rollsAt);
  const [scope, setScope] = useState<Scope>('today');
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  return (
    <>
      <div className="toolbar">
        <Segmented<Scope>
          label={intl.formatMessage(m.label)}
          value={scope}
          options={[
            { value: 'today', label: intl.formatMessage(m.today) },
            { value: 'day', label: intl.formatMessage(m.day) },
            { value: 'range', label: intl.formatMessage(m.range) },
          ]}
          onChange={setScope}
        />
      </div>
      {scope === 'today' ? (
        props.children
      ) : (
        <PaymentHistory
          mode={scope}
          today={today}
          // A day: today until one is chosen; a range: the last seven days.
          from={from ?? (scope === 'day' ? today : addDays(today, -6))}
          to={to ?? today}
          onFrom={setFrom}
          onTo={setTo}
        />
      )}
    </>
  );
}
