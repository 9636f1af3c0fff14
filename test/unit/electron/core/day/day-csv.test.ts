// The day's CSV files: separator and decimal mark by locale, byte-order mark, formula-safe
// cells quoted for the separator in use.
import { describe, expect, it } from 'vitest';
import type { DayReport } from '#shared/day.ts';
import { csvStyle, paymentsCsv, summaryCsv } from '../../../../../electron/core/day/index.ts';

const report: DayReport = {
  number: 3,
  next_number: 3,
  opened_at: '2025-06-02T06:00:00.000Z',
  closed_at: '2025-06-02T20:00:00.000Z',
  as_of: '2025-06-02T20:00:00.000Z',
  business_day: '2025-06-02',
  device: 'Till; front',
  automatic: false,
  payments: 2,
  totals: [{ currency: 'EUR', count: 1, amount: 1234.5 }],
  flagged: [{ status: 'mismatch', count: 1 }],
  flagged_payments: [
    {
      id: 'p2',
      checkout_id: 'cs_2',
      status: 'mismatch',
      reason: 'Paid "1" but the total is 2',
      amount: 1,
      currency: 'EUR',
      received_at: '2025-06-02T07:00:00.000Z',
    },
  ],
  flagged_more: 0,
  links: { created: 2, paid: 1, value: [{ currency: 'EUR', amount: 1236.5 }] },
  items: [{ name: '=HYPERLINK("x")', currency: 'EUR', quantity: 1, amount: 1234.5 }],
  items_more: 0,
  first_payment_at: '2025-06-02T07:00:00.000Z',
  last_payment_at: '2025-06-02T08:00:00.000Z',
  gaps: [
    { from: '2025-06-02T12:02:00.000Z', to: '2025-06-02T12:40:00.000Z', cause: 'crashed' },
    { from: '2025-06-02T13:10:00.000Z', to: '2025-06-02T13:25:00.000Z', cause: 'disk_full' },
  ],
};

describe('day CSV', () => {
  it('uses ; and the decimal comma where the locale writes 4,50, and , elsewhere', () => {
    expect(csvStyle('de-DE')).toEqual({ separator: ';', decimal: ',' });
    expect(csvStyle('fr-FR')).toEqual({ separator: ';', decimal: ',' });
    expect(csvStyle('en-GB')).toEqual({ separator: ',', decimal: '.' });
    expect(csvStyle('not a locale')).toEqual({ separator: ',', decimal: '.' });
  });

  it('a summary: BOM, one row per figure, safe cells, quoted for the separator', () => {
    const de = summaryCsv(report, csvStyle('de-DE'));
    expect(de.startsWith('\uFEFFclose_number;')).toBe(true);
    expect(de).toContain(';"Till; front";verified total;;EUR;1;1234,50\r\n');
    expect(de).toContain(`;item;"'=HYPERLINK(""x"")";EUR;1;1234,50\r\n`);
    expect(de).toContain('"cs_2: Paid ""1"" but the total is 2";EUR;1;1,00');
    // Each gap says why in words, not the cause's code.
    expect(de).toMatch(
      /Payments may be missing between .* and .*: check with the service \(the console stopped unexpectedly\)\./,
    );
    expect(de).toMatch(
      /Payments may be missing between .* and .*: check with the service \(the disk was full, so payments could not be saved\)\./,
    );
    expect(de).not.toMatch(/disk_full|\(crashed\)/);
    const en = summaryCsv(report, csvStyle('en-US'));
    expect(en).toContain(',Till; front,verified total,,EUR,1,1234.50\r\n');
  });

  it('payments: one row each with local and UTC time and the close number', () => {
    const text = paymentsCsv(
      report,
      [
        {
          id: 'p1',
          checkout_id: 'cs_1',
          product_name: '+Tea, large',
          amount: 1234.5,
          currency: 'eur',
          status: 'verified',
          reason: null,
          received_ms: Date.parse('2025-06-02T07:00:00.000Z'),
        },
      ],
      csvStyle('en-US'),
    );
    const [head, row] = text.replace('\uFEFF', '').split('\r\n');
    expect(head).toBe(
      'received_local,received_utc,checkout_id,product,amount,currency,status,reason,close_number,payment_id',
    );
    expect(row).toMatch(
      /^2025-06-02 \d\d:00:00 [+-]\d\d:\d\d,2025-06-02T07:00:00.000Z,cs_1,"'\+Tea, large",1234.50,EUR,verified,,3,p1$/,
    );
  });
});
