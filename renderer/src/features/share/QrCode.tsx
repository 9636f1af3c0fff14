// The QR code of a checkout URL, big enough to scan from a phone across a counter (≥ 6 cm
// on screen and in print), with the product and amount printed under it. A link that is
// switched off says so instead of "Scan to pay": it would refuse the customer.
import { useQrDataUrl } from '../../lib/qr.ts';
import { Spinner } from '../../ui/Feedback.tsx';

export function QrCode(props: {
  url: string;
  caption?: string;
  amount?: string;
  /** False for a link that is switched off (default true). */
  active?: boolean;
}) {
  const active = props.active ?? true;
  const src = useQrDataUrl(props.url);
  return (
    <figure className="qr print-area">
      {src ? (
        <img src={src} alt={`QR code for ${props.url}`} width={280} height={280} />
      ) : (
        <Spinner label="Drawing QR code" />
      )}
      {props.caption || props.amount ? (
        <figcaption>
          {props.caption ? <span className="qr-caption">{props.caption}</span> : null}
          {props.amount ? <strong className="qr-amount">{props.amount}</strong> : null}
          {active ? (
            <span className="qr-hint">Scan to pay</span>
          ) : (
            <span className="qr-hint qr-inactive">{INACTIVE_HINT}</span>
          )}
        </figcaption>
      ) : null}
    </figure>
  );
}

/** What a switched-off link's QR code says where an active one says "Scan to pay". */
export const INACTIVE_HINT = 'Not active: this link takes no payments';
