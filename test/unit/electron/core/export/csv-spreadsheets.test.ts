// Issue 22 §12 and issue 21 §4: the CSV opens right in a spreadsheet. A byte-order mark (Excel
// on Windows read "Crème" as "CrÃ¨me" without it), times in the shop's zone beside UTC, a
// semicolon and decimal comma where the region writes 4,50, a date range; and formula safety
// for a leading line feed, full-width ＝ ＋ － ＠ and spaces before = + - @.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CHECKOUT_COLUMNS,
  checkoutRow,
  csvCell,
  exportCsv,
  inRange,
  localTime,
  PAYMENT_COLUMNS,
  paymentRow,
} from '../../../../../electron/core/export/csv.ts';
import type { Checkout, Payment } from '#shared/domain.ts';

const TZ = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'Europe/Berlin';
});
afterEach(() => {
  if (TZ === undefined) delete process.env.TZ;
  else process.env.TZ = TZ;
});

const checkout: Checkout = {
  id: 'c1',
  merchant_id: 'm1',
  product_name: 'Crème brûlée',
  amount: 1234.5,
  currency: 'EUR',
  active: true,
  paid: false,
  checkout_url: 'http://127.0.0.1:1/pay/c1',
  created_at: '2026-01-31T23:30:00.000Z',
  success_url: null,
  items: null,
} as unknown as Checkout;

describe('CSV for spreadsheets', () => {
  it('starts with a UTF-8 byte-order mark', () => {
    const csv = exportCsv(CHECKOUT_COLUMNS, [checkoutRow(checkout)], ',');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.slice(1).split('\r\n')[0]).toBe(
      'created_at,id,product_name,amount,currency,active,paid,checkout_url,created_at_utc,time_zone',
    );
  });

  it('gives the time in the shop’s zone and in UTC, with the zone named', () => {
    // 23:30 UTC on 31 January is 00:30 on 1 February in Berlin.
    expect(localTime('2026-01-31T23:30:00.000Z')).toBe('2026-02-01 00:30:00');
    const row = checkoutRow(checkout);
    expect(row[0]).toBe('2026-02-01 00:30:00');
    expect(row.slice(-2)).toEqual(['2026-01-31T23:30:00.000Z', 'Europe/Berlin']);
    expect(PAYMENT_COLUMNS.slice(-2)).toEqual(['received_at_utc', 'time_zone']);
  });

  it('with ";" writes amounts with a decimal comma, and quotes cells holding ";"', () => {
    const csv = exportCsv(
      CHECKOUT_COLUMNS,
      [checkoutRow({ ...checkout, product_name: 'Tea; large' })],
      ';',
    );
    const [head, row] = csv.slice(1).split('\r\n');
    expect(head).toBe(
      'created_at;id;product_name;amount;currency;active;paid;checkout_url;created_at_utc;time_zone',
    );
    expect(row).toBe(
      '2026-02-01 00:30:00;c1;"Tea; large";1234,50;EUR;true;false;http://127.0.0.1:1/pay/c1;2026-01-31T23:30:00.000Z;Europe/Berlin',
    );
    // With "," the decimal is a point and a comma is quoted.
    expect(csv.includes('1234.50')).toBe(false);
    const comma = exportCsv(CHECKOUT_COLUMNS, [checkoutRow(checkout)], ',');
    expect(comma).toContain(',1234.50,EUR,');
  });

  it('keeps rows inside a date range of local days, both days included', () => {
    const at = (iso: string) => Date.parse(iso);
    const range = { from: '2026-02-01', to: '2026-02-02' };
    // Berlin: 1 Feb starts at 23:00 UTC on 31 Jan; 2 Feb ends at 23:00 UTC on 2 Feb.
    expect(inRange(at('2026-01-31T22:59:59.999Z'), range)).toBe(false);
    expect(inRange(at('2026-01-31T23:00:00.000Z'), range)).toBe(true);
    expect(inRange(at('2026-02-02T22:59:59.999Z'), range)).toBe(true);
    expect(inRange(at('2026-02-02T23:00:00.000Z'), range)).toBe(false);
    expect(inRange(at('1999-01-01T00:00:00.000Z'), {})).toBe(true);
    expect(inRange(at('2026-03-01T00:00:00.000Z'), { from: '2026-02-01' })).toBe(true);
  });

  it('neutralises formulas behind a line feed, full-width signs and spaces', () => {
    expect(csvCell('\n=1+1')).toBe(`"'\n=1+1"`);
    expect(csvCell('\nplain')).toBe(`"'\nplain"`);
    for (const sign of ['＝', '＋', '－', '＠']) {
      expect(csvCell(`${sign}SUM(A1)`), sign).toBe(`'${sign}SUM(A1)`);
    }
    for (const text of [' =1+1', '  +1', ' -2', ' @A1', '\u3000=1', ' ＝1']) {
      expect(csvCell(text), JSON.stringify(text)).toBe(`'${text}`);
    }
    // Text that only contains a sign later is left alone.
    expect(csvCell('Tea = good')).toBe('Tea = good');
    expect(csvCell(' Tea')).toBe(' Tea');
  });

  it('a payment row has its local time, UTC time and zone', () => {
    const p = {
      id: 'p1',
      checkout_id: 'c1',
      product_name: 'Tea',
      amount: 3,
      currency: 'JPY',
      status: 'verified',
      reason: null,
      signed: true,
      received_at: '2026-06-30T22:15:00.000Z',
    } as unknown as Payment;
    const row = paymentRow(p);
    expect(row[0]).toBe('2026-07-01 00:15:00');
    expect(row.slice(-2)).toEqual(['2026-06-30T22:15:00.000Z', 'Europe/Berlin']);
  });
});
