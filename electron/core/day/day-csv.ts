// A report as CSV for the accountant: a summary file (one row per figure, each carrying
// its close's number and period so a pivot table needs nothing else) and an itemised file
// (one row per payment). UTF-8 with a byte-order mark, so a spreadsheet does not read
// "Crème" as mojibake; where the screen's locale writes 4,50 the separator is a semicolon
// and amounts use the comma, as spreadsheets there expect. Cells go through export/'s
// formula-safe csvCell, quoted for whichever separator the file uses.
import type { DayGap, DayReport } from '#shared/day.ts';
import { amountText, csvCell, exportFilename, type Cell } from '../export/csv.ts';
import { localStamp } from './clock.ts';
import type { PaymentLine } from './figures.ts';

const BOM = '\uFEFF';

export interface CsvStyle {
  separator: ',' | ';';
  decimal: '.' | ',';
}

/** The separator and decimal mark for a locale (its own decimal mark decides). */
export function csvStyle(locale: string | undefined): CsvStyle {
  let decimal = '.';
  try {
    decimal =
      new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ??
      '.';
  } catch {
    // An unknown locale tag: the plain comma-separated form.
  }
  return decimal === ',' ? { separator: ';', decimal: ',' } : { separator: ',', decimal: '.' };
}

function cell(value: Cell, style: CsvStyle): string {
  const text = csvCell(value);
  if (style.separator === ',') return text;
  // csvCell quotes for the comma; with the semicolon it is the semicolon (and quotes and
  // line breaks) that need it, and 4,50 stays bare as a spreadsheet there writes it.
  const body =
    text.length >= 2 && text.startsWith('"') && text.endsWith('"')
      ? text.slice(1, -1).replace(/""/g, '"')
      : text;
  return /[";\r\n]/.test(body) ? `"${body.replace(/"/g, '""')}"` : body;
}

function table(header: readonly string[], rows: readonly (readonly Cell[])[], style: CsvStyle) {
  return (
    BOM +
    [header, ...rows].map((r) => r.map((c) => cell(c, style)).join(style.separator)).join('\r\n') +
    '\r\n'
  );
}

const money = (amount: number, currency: string, style: CsvStyle): string => {
  const text = amountText(amount, currency);
  return style.decimal === ',' ? text.replace('.', ',') : text;
};

const stamp = (iso: string | null): string => (iso === null ? '' : localStamp(Date.parse(iso)));

/** Why payments may be missing, in the words the Day screen uses (its English). */
const GAP_WORDS: Record<DayGap['cause'], string> = {
  stopped: 'the console was not running',
  crashed: 'the console stopped unexpectedly',
  asleep: 'the computer was asleep',
  disk_full: 'the disk was full, so payments could not be saved',
};

export const SUMMARY_COLUMNS = [
  'close_number',
  'opened_local',
  'closed_local',
  'opened_utc',
  'closed_utc',
  'business_day',
  'device',
  'line',
  'name',
  'currency',
  'count',
  'amount',
] as const;

export function summaryCsv(r: DayReport, style: CsvStyle): string {
  const head: Cell[] = [
    r.number === null ? 'open (X)' : r.number,
    stamp(r.opened_at),
    stamp(r.closed_at ?? r.as_of),
    r.opened_at,
    r.closed_at ?? r.as_of,
    r.business_day,
    r.device ?? '',
  ];
  const rows: Cell[][] = [];
  const line = (kind: string, name: string, currency: string, count: Cell, amount: string) =>
    rows.push([...head, kind, name, currency, count, amount]);
  for (const t of r.totals) {
    line('verified total', '', t.currency, t.count, money(t.amount, t.currency, style));
  }
  if (r.totals.length === 0) line('verified total', 'no payments', '', 0, '');
  for (const f of r.flagged) {
    line(
      f.status === 'mismatch' ? 'mismatch (not in totals)' : 'unknown checkout (not in totals)',
      '',
      '',
      f.count,
      '',
    );
  }
  for (const p of r.flagged_payments) {
    line(
      p.status === 'mismatch' ? 'mismatch payment' : 'unknown-checkout payment',
      `${p.checkout_id}: ${p.reason ?? ''}`,
      p.currency,
      1,
      money(p.amount, p.currency, style),
    );
  }
  line('links created', '', '', r.links.created, '');
  line('links paid', '', '', r.links.paid, '');
  for (const v of r.links.value) {
    line('links value', '', v.currency, '', money(v.amount, v.currency, style));
  }
  for (const i of r.items) {
    line('item', i.name, i.currency, i.quantity, money(i.amount, i.currency, style));
  }
  if (r.items_more > 0) line('items not listed', '', '', r.items_more, '');
  for (const g of r.gaps) {
    line(
      'possible missing payments',
      `Payments may be missing between ${stamp(g.from)} and ${stamp(g.to)}: check with the service (${GAP_WORDS[g.cause]}).`,
      '',
      '',
      '',
    );
  }
  return table(SUMMARY_COLUMNS, rows, style);
}

export const PAYMENT_LINE_COLUMNS = [
  'received_local',
  'received_utc',
  'checkout_id',
  'product',
  'amount',
  'currency',
  'status',
  'reason',
  'close_number',
  'payment_id',
] as const;

export function paymentsCsv(r: DayReport, lines: readonly PaymentLine[], style: CsvStyle): string {
  const close = r.number === null ? 'open (X)' : r.number;
  return table(
    PAYMENT_LINE_COLUMNS,
    lines.map((p) => [
      localStamp(p.received_ms),
      new Date(p.received_ms).toISOString(),
      p.checkout_id,
      p.product_name,
      money(p.amount, p.currency.toUpperCase(), style),
      p.currency.toUpperCase(),
      p.status,
      p.reason,
      close,
      p.id,
    ]),
    style,
  );
}

/** z-report-12-summary-<profile>-<business day>.csv, or x-report-… for the open period. */
export function reportFilename(r: DayReport, kind: string, profileName: string): string {
  const which = r.number === null ? 'x-report' : `z-report-${r.number}`;
  return exportFilename(`${which}-${kind}`, profileName, r.business_day);
}
