import { describe, expect, it } from 'vitest';
import {
  amountText,
  csvCell,
  exportFilename,
  toCsv,
} from '../../../../../electron/core/export/csv.ts';

describe('CSV export', () => {
  it('quotes per RFC 4180', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(4.5)).toBe('4.5');
    expect(csvCell(true)).toBe('true');
  });

  it('neutralises formula injection', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('Tea = good')).toBe('Tea = good');
  });

  it('builds CRLF rows with a header', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x', 1],
          ['y,z', null],
        ],
      ),
    ).toBe('a,b\r\nx,1\r\n"y,z",\r\n');
  });

  it('writes amounts with the currency decimals', () => {
    expect(amountText(4.5, 'USD')).toBe('4.50');
    expect(amountText(500, 'JPY')).toBe('500');
    expect(amountText(1.25, 'KWD')).toBe('1.250');
    expect(amountText(3, 'XYZ')).toBe('3');
  });

  it('makes safe file names', () => {
    expect(exportFilename('payments', 'My Shop / Main', '2026-01-02')).toBe(
      'payments-my-shop-main-2026-01-02.csv',
    );
    expect(exportFilename('checkouts', '***', '2026-01-02')).toBe(
      'checkouts-profile-2026-01-02.csv',
    );
  });
});
