// The A6 card to print and put on a counter: shop, product, amount, the QR code and the
// checkout URL in text for a customer whose phone cannot scan. Sized in millimetres
// (styles/print-card.css) so the preview and the paper match.
import type { ReactNode } from 'react';

export interface CardContent {
  /** Text when printed; the preview passes the field that edits it. */
  shop: ReactNode;
  product: string;
  amount: string;
  url: string;
  qrSrc: string | null;
  /** False for a switched-off link: the card says "Not active", never "Scan to pay". */
  active: boolean;
}

/** Why a switched-off link gets no card (shown where Print card… would be). */
export const NO_CARD =
  'This link is switched off, so there is no card to print: a customer scanning it would be refused. Switch it on in its details first.';

/** Long links get a smaller type so the card always stays one page. */
function urlSize(url: string): string {
  if (url.length > 260) return 'card-url-xs';
  if (url.length > 140) return 'card-url-sm';
  return '';
}

export function PrintCard(props: CardContent) {
  return (
    <article className="card-a6">
      <div className="card-shop">{props.shop}</div>
      <p className="card-product">{props.product}</p>
      <p className="card-amount">{props.amount}</p>
      {props.qrSrc ? (
        <img className="card-qr" src={props.qrSrc} alt={`QR code for ${props.url}`} />
      ) : (
        <div className="card-qr" />
      )}
      <p className="card-hint">{props.active ? 'Scan to pay' : 'Not active'}</p>
      <p className="card-url-label">Can’t scan? Type this address:</p>
      <p className={`card-url ${urlSize(props.url)}`}>{props.url}</p>
    </article>
  );
}
