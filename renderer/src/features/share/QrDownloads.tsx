// Download the QR code as files to take away: a 1024 px PNG and an SVG, named for the product.
import { useState } from 'react';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import type { Checkout } from '#shared/domain.ts';
import { downloadBlob, fileSlug } from '../../lib/download.ts';
import { qrPngBlob, qrSvg } from '../../lib/qr.ts';
import { isolateLtr } from '../../ui/Bidi.tsx';
import { Button } from '../../ui/Button.tsx';
import { announce } from '../../ui/announcer.tsx';
import { errorMessage } from '#shared/error-message.ts';

type Kind = 'png' | 'svg';

const m = defineMessages<{
  png: NoMessageValues;
  svg: NoMessageValues;
  saved: { file: string };
  failed: { reason: string };
}>({
  png: { id: 'share.download.png', defaultMessage: 'Download PNG' },
  svg: { id: 'share.download.svg', defaultMessage: 'Download SVG' },
  saved: { id: 'share.download.saved', defaultMessage: 'Saved {file}' },
  failed: {
    id: 'share.download.failed',
    defaultMessage: 'The QR code could not be saved: {reason}',
  },
});

async function qrFile(url: string, kind: Kind): Promise<Blob> {
  if (kind === 'png') return qrPngBlob(url);
  return new Blob([await qrSvg(url)], { type: 'image/svg+xml' });
}

export function QrDownloads({ checkout: c }: { checkout: Checkout }) {
  const intl = useIntl();
  const [busy, setBusy] = useState<Kind | null>(null);
  const save = async (kind: Kind) => {
    setBusy(kind);
    try {
      const name = `qr-${fileSlug(c.product_name)}-${fileSlug(c.id).slice(0, 8)}.${kind}`;
      downloadBlob(name, await qrFile(c.checkout_url, kind));
      // The whole file is handed to the download (Electron asks where to put it); the page
      // hears nothing after that, so this is the last word, not a "Saving…" that never ends.
      announce(intl.formatMessage(m.saved, { file: isolateLtr(name) }));
    } catch (e) {
      // The reason is the browser's own (a canvas or blob failure), in its words.
      announce(intl.formatMessage(m.failed, { reason: errorMessage(e) }));
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Button busy={busy === 'png'} onClick={() => void save('png')}>
        {intl.formatMessage(m.png)}
      </Button>
      <Button busy={busy === 'svg'} onClick={() => void save('svg')}>
        {intl.formatMessage(m.svg)}
      </Button>
    </>
  );
}
