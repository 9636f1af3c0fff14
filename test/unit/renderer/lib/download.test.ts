// QR files are named for the product: readable, safe on every file system.
import { describe, expect, it } from 'vitest';
import { fileSlug } from '../../../../renderer/src/lib/download.ts';

describe('fileSlug', () => {
  it('keeps letters and digits, joins the rest with single dashes', () => {
    expect(fileSlug('Flat white + 1 more')).toBe('flat-white-1-more');
    expect(fileSlug('  Espresso beans 250 g  ')).toBe('espresso-beans-250-g');
    expect(fileSlug('../../etc/passwd')).toBe('etc-passwd');
  });

  it('drops accents, and falls back when nothing is left', () => {
    expect(fileSlug('Crème brûlée')).toBe('creme-brulee');
    expect(fileSlug('抹茶ラテ')).toBe('checkout');
    expect(fileSlug('***', 'qr')).toBe('qr');
  });

  it('stays short and never ends on a dash', () => {
    const slug = fileSlug(`${'Seasonal hamper '.repeat(10)}`);
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug).not.toMatch(/-$/);
  });
});
