// The shop's business day as the engine counts it (electron/core/day/clock.ts): the local
// day that rolls at the Day settings' time (04:00 for a bar) rather than at midnight. The
// page needs it to name "today" and to refuse a day that has not started yet before asking.
const pad = (n: number): string => String(n).padStart(2, '0');

const ymd = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** YYYY-MM-DD of the business day `ms` belongs to when the day rolls at `rollsAt` (HH:MM). */
export function businessDayOf(ms: number, rollsAt: string): string {
  const d = new Date(ms);
  const [h = '0', m = '0'] = rollsAt.split(':');
  const before = d.getHours() * 60 + d.getMinutes() < Number(h) * 60 + Number(m);
  return ymd(new Date(d.getFullYear(), d.getMonth(), d.getDate() - (before ? 1 : 0)));
}

/** The day `n` calendar days after YYYY-MM-DD (n may be negative). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return ymd(new Date(y, m - 1, d + n));
}

/** Days from `from` to `to`, both included (1 for the same day). */
export function daysIncluded(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}
