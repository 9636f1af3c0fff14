import { memo } from 'react';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import type { Checkout } from '#shared/domain.ts';
import { formatMoney } from '#shared/money.ts';
import { errorText } from '../../i18n/error-messages.ts';
import { exactTime, relativeTime } from '../../lib/time.ts';
import { openCheckout } from '../../lib/open-url.ts';
import { productNameText } from '../../lib/product-name.ts';
import { Isolate, isolate } from '../../ui/Bidi.tsx';
import { Button } from '../../ui/Button.tsx';
import { Badge } from '../../ui/Feedback.tsx';
import { announce } from '../../ui/announcer.tsx';
import { CopyButton } from '../share/CopyButton.tsx';
import { checkoutState, rowOpensDetail, STATE_BADGE } from '../checkout-detail/index.ts';
import { HighlightedName } from './Highlighted.tsx';

export const ROW_HEIGHT = 52;

type None = NoMessageValues;
const m = defineMessages<{
  copy: None;
  copyFor: { product: string };
  copiedFor: { product: string };
  qr: None;
  qrFor: { product: string };
  open: None;
  openFor: { product: string };
}>({
  copy: { id: 'checkouts.row.copy', defaultMessage: 'Copy', description: 'Copies the link' },
  copyFor: { id: 'checkouts.row.copyFor', defaultMessage: 'Copy link for {product}' },
  copiedFor: { id: 'checkouts.row.copiedFor', defaultMessage: 'Copied link for {product}' },
  qr: { id: 'checkouts.row.qr', defaultMessage: 'QR', description: 'Shows the QR code' },
  qrFor: { id: 'checkouts.row.qrFor', defaultMessage: 'Show QR code for {product}' },
  open: {
    id: 'checkouts.row.open',
    defaultMessage: 'Open',
    description: 'Opens the payment link in the web browser',
  },
  openFor: { id: 'checkouts.row.openFor', defaultMessage: 'Open {product} in browser' },
});

export const CheckoutRow = memo(function CheckoutRow(props: {
  c: Checkout;
  now: number;
  onQr(c: Checkout): void;
}) {
  const intl = useIntl();
  const { c } = props;
  const product = isolate(productNameText(intl, c.product_name));
  // One state per checkout, as payment dashboards show it. Paid wins: a verified payment
  // can arrive (and be shown at once) before the service's list says it is inactive.
  const state = STATE_BADGE[checkoutState(c)];
  return (
    <tr style={{ height: ROW_HEIGHT }} {...rowOpensDetail(c.id)}>
      <td className="cell-name">
        <HighlightedName c={c} />
      </td>
      <td className="num">
        <Isolate>{formatMoney(c.amount, c.currency)}</Isolate>
      </td>
      <td>
        <Badge tone={state.tone}>{intl.formatMessage(state.words)}</Badge>
      </td>
      <td>
        <time dateTime={c.created_at} title={exactTime(c.created_at)}>
          {relativeTime(c.created_at, props.now)}
        </time>
      </td>
      <td className="cell-actions">
        <CopyButton
          size="sm"
          variant="ghost"
          text={c.checkout_url}
          label={intl.formatMessage(m.copy)}
          aria-label={intl.formatMessage(m.copyFor, { product })}
          copiedAriaLabel={intl.formatMessage(m.copiedFor, { product })}
        />
        <Button
          size="sm"
          variant="ghost"
          aria-label={intl.formatMessage(m.qrFor, { product })}
          onClick={() => props.onQr(c)}
        >
          {intl.formatMessage(m.qr)}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={intl.formatMessage(m.openFor, { product })}
          onClick={() => openCheckout(c.checkout_url).catch((e) => announce(errorText(intl, e)))}
        >
          {intl.formatMessage(m.open)}
        </Button>
      </td>
    </tr>
  );
});
