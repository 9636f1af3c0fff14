// Saves a file through a blob link: a browser downloads it, Electron shows its Save dialog.
// Neither needs anything from the CSP (a download is not a fetch, an image or a script).
export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked on the next tick: the download has taken its own reference by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function downloadText(
  filename: string,
  text: string,
  type = 'text/csv;charset=utf-8',
): void {
  downloadBlob(filename, new Blob([text], { type }));
}

/** A file name from a product name: "Flat white + 1 more" → "flat-white-1-more". */
export function fileSlug(name: string, fallback = 'checkout'): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || fallback;
}
