// QR codes of checkout URLs. On screen: an SVG data URL (allowed by the CSP's img-src data:),
// crisp at any size and on paper. As files: a 1024 px PNG and an SVG, drawn here in the
// renderer (no network, nothing the CSP has to allow beyond a canvas and a blob link).
// Error correction M survives a scuffed print.
import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

const ECC = 'M' as const;
/** On screen the dialog's white frame is the quiet zone, so 2 modules are enough. */
const SCREEN_MARGIN = 2;
/** A file may be pasted onto any background: it carries the full 4-module quiet zone. */
const FILE_MARGIN = 4;
export const PNG_SIZE = 1024;

export function qrSvg(text: string, margin = FILE_MARGIN): Promise<string> {
  return QRCode.toString(text, {
    type: 'svg',
    errorCorrectionLevel: ECC,
    margin,
    ...(margin === FILE_MARGIN ? { width: PNG_SIZE } : {}),
  });
}

/**
 * A square PNG of exactly `size` pixels. Each module is a whole number of pixels (blurry
 * half-pixel edges scan worse once printed); what is left over widens the white border.
 */
export function qrPngBlob(text: string, size = PNG_SIZE): Promise<Blob> {
  const qr = QRCode.create(text, { errorCorrectionLevel: ECC });
  const n = qr.modules.size;
  const scale = Math.floor(size / (n + 2 * FILE_MARGIN));
  if (scale < 1)
    return Promise.reject(new Error(`This link is too long for a ${size} px QR code.`));
  const offset = Math.floor((size - n * scale) / 2);
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('This window cannot draw images (no 2D canvas).'));
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, size, size);
  ctx.fillStyle = '#000000';
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (qr.modules.get(row, col)) {
        ctx.fillRect(offset + col * scale, offset + row * scale, scale, scale);
      }
    }
  }
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (b) => (b ? resolve(b) : reject(new Error('The PNG could not be made.'))),
      'image/png',
    ),
  );
}

export function useQrDataUrl(text: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    if (!text) return;
    qrSvg(text, SCREEN_MARGIN)
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
