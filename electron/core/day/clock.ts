// Periods are instants (epoch ms); the local zone only names them. These helpers turn an
// instant into what a shopkeeper reads: the business day (which may roll at 04:00 rather
// than midnight) and a local time with its UTC offset, and find the latest local HH:MM
// of the automatic close. Date's local-time arithmetic handles DST: a 23- or 25-hour day
// is built from the calendar, never by adding 24 hours.

/** Minutes after midnight of "HH:MM". */
export function clockMinutes(hhmm: string): number {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/**
 * The business day (YYYY-MM-DD) an instant belongs to when the day rolls at `rollsAt`:
 * at 02:30 with a 04:00 roll it is still yesterday's.
 */
export function businessDay(ms: number, rollsAt: string): string {
  const d = new Date(ms);
  const minutes = d.getHours() * 60 + d.getMinutes();
  const day =
    minutes < clockMinutes(rollsAt)
      ? new Date(d.getFullYear(), d.getMonth(), d.getDate() - 1)
      : new Date(d.getFullYear(), d.getMonth(), d.getDate());
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** The local instant of HH:MM on the calendar day of `ms` (the first one, on a DST repeat). */
export function localClockOn(ms: number, hhmm: string, dayOffset = 0): number {
  const d = new Date(ms);
  const minutes = clockMinutes(hhmm);
  return new Date(
    d.getFullYear(),
    d.getMonth(),
    d.getDate() + dayOffset,
    Math.floor(minutes / 60),
    minutes % 60,
  ).getTime();
}

/** The latest instant at local HH:MM that is not after `ms`. */
export function latestClockAtOrBefore(ms: number, hhmm: string): number {
  const today = localClockOn(ms, hhmm);
  return today <= ms ? today : localClockOn(ms, hhmm, -1);
}

/** "2025-03-30 14:02:05 +02:00": the local time an instant was, with its offset. */
export function localStamp(ms: number): string {
  const d = new Date(ms);
  const east = -d.getTimezoneOffset();
  const abs = Math.abs(east);
  const offset = `${east < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ` +
    `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())} ${offset}`
  );
}

/**
 * The instants business days `from` to `to` (YYYY-MM-DD, both included) cover when the
 * day rolls at `rollsAt`: [from at the roll, the day after `to` at the roll). Built from
 * the calendar, so a DST day is 23 or 25 hours; a roll time a DST change skips reads as
 * the clock after the jump (02:30 → 03:30), as Date does.
 */
export function businessDaysBounds(
  from: string,
  to: string,
  rollsAt: string,
): { startMs: number; endMs: number } {
  const at = (day: string, plusDays: number) => {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    const minutes = clockMinutes(rollsAt);
    return new Date(y, m - 1, d + plusDays, Math.floor(minutes / 60), minutes % 60).getTime();
  };
  return { startMs: at(from, 0), endMs: at(to, 1) };
}
