// Save as PDF's decisions, without Electron: the page (80 mm paper with the 72 mm a receipt
// printer prints, or A4) in the inches printToPDF takes, and the file name offered.
import { describe, expect, it } from 'vitest';
import type { DayReport } from '#shared/day.ts';
import { pdfFilename, pdfPage } from '../../../../../electron/core/day/index.ts';

const mm = (inches: number) => inches * 25.4;

describe('Save as PDF', () => {
  it('80 mm paper: 4 mm margins leave the 72 mm column, one A4 length per page', () => {
    const p = pdfPage('receipt');
    expect(mm(p.pageSize.width)).toBeCloseTo(80, 9);
    expect(mm(p.pageSize.height)).toBeCloseTo(297, 9);
    const { left, right, top, bottom } = p.margins;
    expect(mm(p.pageSize.width - left - right)).toBeCloseTo(72, 9);
    expect([top, bottom].map(mm)).toEqual([expect.closeTo(4, 9), expect.closeTo(4, 9)]);
  });

  it('A4: 210 × 297 mm with 15 mm margins', () => {
    const p = pdfPage('a4');
    expect([mm(p.pageSize.width), mm(p.pageSize.height)]).toEqual([
      expect.closeTo(210, 9),
      expect.closeTo(297, 9),
    ]);
    expect(Object.values(p.margins).map(mm)).toEqual(Array(4).fill(expect.closeTo(15, 9)));
  });

  it('names the file after the report, the paper, the shop and the business day', () => {
    const z = { number: 12, business_day: '2025-06-02' } as DayReport;
    const x = { number: null, business_day: '2025-06-03' } as DayReport;
    expect(pdfFilename(z, 'receipt', 'Café Crème & Co')).toBe(
      'z-report-12-80mm-caf-cr-me-co-2025-06-02.pdf',
    );
    expect(pdfFilename(x, 'a4', 'Shop')).toBe('x-report-a4-shop-2025-06-03.pdf');
    // Nothing of the shop's name can leave the folder the dialog opens in.
    expect(pdfFilename(z, 'a4', '../../etc/passwd')).toBe(
      'z-report-12-a4-etc-passwd-2025-06-02.pdf',
    );
  });
});
