// Download the QR code as files to take away: a 1024 px PNG and an SVG, named for the product.
import { useState } from 'react';
import type { Checkout } from '#shared/domain.ts';
import { downloadBlob, fileSlug } from '../../lib/download.ts';
import { qrPngBlob, qrSvg } from '../../lib/qr.ts';
import { Button } from '../../ui/Button.tsx';
import { announce } from '../../ui/announcer.tsx';
import { errorMessage } from '#shared/error-message.ts';

type Kind = 'png' | 'svg';

async function qrFile(url: string, kind: Kind): Promise<Blob> {
  if (kind === 'png') return qrPngBlob(url);
  return new Blob([await qrSvg(url)], { type: 'image/svg+xml' });
}

export function QrDownloads({ checkout: c }: { checkout: Checkout }) {
  const [busy, setBusy] = useState<Kind | null>(null);
  const save = async (kind: Kind) => {
    setBusy(kind);
    try {
      const name = `qr-${fileSlug(c.product_name)}-${fileSlug(c.id).slice(0, 8)}.${kind}`;
      downloadBlob(name, await qrFile(c.checkout_url, kind));
      // The whole file is handed to the download (Electron asks where to put it); the page
      // hears nothing after that, so this is the last word, not a "Saving…" that never ends.
      announce(`Saved ${name}`);
    } catch (e) {
      announce(`The QR code could not be saved: ${errorMessage(e)}`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Button busy={busy === 'png'} onClick={() => void save('png')}>
        Download PNG
      </Button>
      <Button busy={busy === 'svg'} onClick={() => void save('svg')}>
        Download SVG
      </Button>
    </>
  );
}
