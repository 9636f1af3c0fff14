// One payment, for people: what was bought, how much, how long ago, and whether it counts.
// Ids and signatures are for the detail view, not the row.
import { memo } from 'react';
import {
  defineMessages,
  useIntl,
  type MessageDescriptor,
  type NoMessageValues,
  type MessageValue,
} from 'react-intl';
import type { Payment, PaymentStatus } from '#shared/domain.ts';
import type { MoneyFormat } from '../../lib/money-display.ts';
import { exactTime, relativeTime } from '../../lib/time.ts';
import { EngineWords } from '../../ui/Bidi.tsx';
import { Badge } from '../../ui/Feedback.tsx';
import { ProductName, localProductName } from '../../ui/ProductName.tsx';
import { SPACE } from '../../ui/space.ts';
import { rowOpensDetail } from '../checkout-detail/index.ts';

export const PAYMENT_ROW = 60;

const m = defineMessages<{
  verified: NoMessageValues;
  mismatch: NoMessageValues;
  unknown: NoMessageValues;
  notCounted: NoMessageValues;
  rowLabel: { status: MessageValue; amount: MessageValue; name: MessageValue; when: MessageValue };
}>({
  verified: {
    id: 'payments.status.verified',
    defaultMessage: 'Verified',
    description: 'A payment whose signature and amount the console checked',
  },
  mismatch: {
    id: 'payments.status.mismatch',
    defaultMessage: 'Mismatch',
    description: 'A payment whose amount or currency differs from its checkout’s',
  },
  unknown: {
    id: 'payments.status.unknown',
    defaultMessage: 'Unknown checkout',
    description: 'A payment for a checkout the console does not know',
  },
  notCounted: {
    id: 'payments.row.notCounted',
    defaultMessage: 'Not a checkout of this account: not counted',
  },
  rowLabel: {
    id: 'payments.row.label',
    defaultMessage: '{status}: {amount}, {name}, {when}',
    description: 'Read aloud for one payment: its status, amount, product and how long ago',
  },
});

/** The status as a word, its badge's tone and mark (a shape, not a word). */
export const STATUS: Record<
  PaymentStatus,
  { tone: 'ok' | 'error' | 'warn'; mark: string; word: MessageDescriptor }
> = {
  verified: { tone: 'ok', mark: '✓', word: m.verified },
  mismatch: { tone: 'error', mark: '⚠', word: m.mismatch },
  unknown_checkout: { tone: 'warn', mark: '?', word: m.unknown },
};

export const PaymentRow = memo(function PaymentRow(props: {
  p: Payment;
  now: number;
  money: MoneyFormat;
  /** The date and time it was received (the history) rather than how long ago. */
  exact?: boolean;
}) {
  const intl = useIntl();
  const { p } = props;
  const s = STATUS[p.status];
  const word = intl.formatMessage(s.word);
  const name = p.product_name ?? intl.formatMessage(m.unknown);
  const amount = props.money(p.amount, p.currency);
  const when = props.exact
    ? exactTime(p.received_at)
    : relativeTime(p.received_at, props.now, 'short');
  // The line under the name: why a payment does not count (never a raw id). A mismatch's
  // reason comes from the engine as it wrote it.
  const sub =
    p.status === 'mismatch'
      ? p.reason && <EngineWords>{p.reason}</EngineWords>
      : p.status === 'unknown_checkout'
        ? intl.formatMessage(m.notCounted)
        : null;
  return (
    <div
      className={`pay-row pay-${p.status} pay-open${props.exact ? ' pay-exact' : ''}`}
      role="listitem"
      // Read as one sentence: status, amount, product, time. (Spoken, not drawn: no bidi
      // isolation needed.)
      aria-label={intl.formatMessage(m.rowLabel, {
        status: word,
        amount,
        name: localProductName(intl, name),
        when,
      })}
      style={{ height: PAYMENT_ROW }}
      // Which payment this row shows, for tools (the webhook-to-screen bench), not people.
      data-checkout-id={p.checkout_id}
      // Click or Enter opens the payment's checkout in the detail view.
      {...rowOpensDetail(p.checkout_id)}
    >
      <span className="pay-main">
        <ProductName className="pay-name" name={name} />
        {sub ? <span className="truncate muted small">{sub}</span> : null}
      </span>
      <bdi className={`pay-amount num${p.status === 'verified' ? '' : ' struck'}`}>{amount}</bdi>
      <time className="pay-time" dateTime={p.received_at} title={exactTime(p.received_at)}>
        {when}
      </time>
      <Badge tone={s.tone}>
        <span aria-hidden="true">{s.mark}</span>
        {SPACE}
        {word}
      </Badge>
    </div>
  );
});
