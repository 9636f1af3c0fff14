// QR codes as an SVG data URL (allowed by the CSP's img-src data:), crisp at any size and
// on paper. Error correction M survives a scuffed print.
import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

export function useQrDataUrl(text: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    if (!text) return;
    QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
      .then((svg) => {
        if (alive) setUrl(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (alive) setUrl(null);
      });
    return () => {
      alive = false;
    };
  }, [text]);
  return text ? url : null;
}
