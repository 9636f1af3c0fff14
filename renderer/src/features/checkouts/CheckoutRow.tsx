import { memo } from 'react';
import type { Checkout } from '#shared/domain.ts';
import { formatMoney } from '#shared/money.ts';
import { errorMessage } from '../../bridge/index.ts';
import { exactTime, relativeTime } from '../../lib/time.ts';
import { openCheckout } from '../../lib/open-url.ts';
import { Button } from '../../ui/Button.tsx';
import { Badge } from '../../ui/Feedback.tsx';
import { announce } from '../../ui/announcer.tsx';
import { CopyButton } from '../share/CopyButton.tsx';
import { rowOpensDetail } from '../checkout-detail/index.ts';
import { HighlightedName } from './Highlighted.tsx';

export const ROW_HEIGHT = 52;

/**
 * One state per checkout, as payment dashboards show it. Paid wins: a verified payment can
 * arrive (and be shown at once) before the service's list says the checkout is inactive.
 */
function Status({ c }: { c: Checkout }) {
  if (c.paid) return <Badge tone="ok">✓ Paid</Badge>;
  return c.active ? <Badge tone="info">Active</Badge> : <Badge tone="muted">Inactive</Badge>;
}

export const CheckoutRow = memo(function CheckoutRow(props: {
  c: Checkout;
  now: number;
  onQr(c: Checkout): void;
}) {
  const { c } = props;
  return (
    <tr style={{ height: ROW_HEIGHT }} {...rowOpensDetail(c.id)}>
      <td className="cell-name">
        <HighlightedName c={c} />
      </td>
      <td className="num">{formatMoney(c.amount, c.currency)}</td>
      <td>
        <Status c={c} />
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
          label="Copy"
          aria-label={`Copy link for ${c.product_name}`}
          copiedAriaLabel={`Copied link for ${c.product_name}`}
        />
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Show QR code for ${c.product_name}`}
          onClick={() => props.onQr(c)}
        >
          QR
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Open ${c.product_name} in browser`}
          onClick={() => openCheckout(c.checkout_url).catch((e) => announce(errorMessage(e)))}
        >
          Open
        </Button>
      </td>
    </tr>
  );
});
