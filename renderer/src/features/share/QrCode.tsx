// The QR code of a checkout URL, big enough to scan from a phone across a counter (≥ 6 cm
// on screen and in print), with the product and amount printed under it. A link that is
// switched off says so instead of "Scan to pay": it would refuse the customer.
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import { useQrDataUrl } from '../../lib/qr.ts';
import { Isolate, isolateLtr } from '../../ui/Bidi.tsx';
import { Spinner } from '../../ui/Feedback.tsx';
import { shareWords } from './share-messages.ts';

const m = defineMessages<{ drawing: NoMessageValues }>({
  drawing: { id: 'share.qr.drawing', defaultMessage: 'Drawing QR code' },
});

export function QrCode(props: {
  url: string;
  caption?: string;
  amount?: string;
  /** False for a link that is switched off (default true). */
  active?: boolean;
}) {
  const intl = useIntl();
  const active = props.active ?? true;
  const src = useQrDataUrl(props.url);
  return (
    <figure className="qr print-area">
      {src ? (
        <img
          src={src}
          alt={intl.formatMessage(shareWords.qrAlt, { url: isolateLtr(props.url) })}
          width={280}
          height={280}
        />
      ) : (
        <Spinner label={intl.formatMessage(m.drawing)} />
      )}
      {props.caption || props.amount ? (
        <figcaption>
          {props.caption ? (
            <span className="qr-caption">
              <Isolate>{props.caption}</Isolate>
            </span>
          ) : null}
          {props.amount ? (
            <strong className="qr-amount">
              <Isolate>{props.amount}</Isolate>
            </strong>
          ) : null}
          {active ? (
            <span className="qr-hint">{intl.formatMessage(shareWords.scanToPay)}</span>
          ) : (
            <span className="qr-hint qr-inactive">
              {intl.formatMessage(shareWords.inactiveHint)}
            </span>
          )}
        </figcaption>
      ) : null}
    </figure>
  );
}
