// The A6 card to print and put on a counter: shop, product, amount, the QR code and the
// checkout URL in text for a customer whose phone cannot scan. Sized in millimetres
// (styles/print-card.css) so the preview and the paper match. The card is in the console's
// language; the URL is always left to right.
import type { ReactNode } from 'react';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import { Isolate, isolateLtr } from '../../ui/Bidi.tsx';
import { shareWords } from './share-messages.ts';

const m = defineMessages<{ notActive: NoMessageValues; typeAddress: NoMessageValues }>({
  notActive: {
    id: 'share.card.notActive',
    defaultMessage: 'Not active',
    description: 'On the printed card of a switched-off link, where Scan to pay would be',
  },
  typeAddress: {
    id: 'share.card.typeAddress',
    defaultMessage: 'Can’t scan? Type this address:',
  },
});

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

/** Long links get a smaller type so the card always stays one page. */
function urlSize(url: string): string {
  if (url.length > 260) return 'card-url-xs';
  if (url.length > 140) return 'card-url-sm';
  return '';
}

export function PrintCard(props: CardContent) {
  const intl = useIntl();
  return (
    <article className="card-a6">
      <div className="card-shop">{props.shop}</div>
      <p className="card-product">
        <Isolate>{props.product}</Isolate>
      </p>
      <p className="card-amount">
        <Isolate>{props.amount}</Isolate>
      </p>
      {props.qrSrc ? (
        <img
          className="card-qr"
          src={props.qrSrc}
          alt={intl.formatMessage(shareWords.qrAlt, { url: isolateLtr(props.url) })}
        />
      ) : (
        <div className="card-qr" />
      )}
      <p className="card-hint">
        {intl.formatMessage(props.active ? shareWords.scanToPay : m.notActive)}
      </p>
      <p className="card-url-label">{intl.formatMessage(m.typeAddress)}</p>
      <p className={`card-url ${urlSize(props.url)}`} dir="ltr">
        {props.url}
      </p>
    </article>
  );
}
