// How a report's times and gaps read: local times, with the date only where it is needed.
import type { DayGap } from '#shared/day.ts';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const hm = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dayOf = (ms: number) => new Date(ms).toDateString();

/** "2 Jun 2025, 08:00". */
export const when = (iso: string): string => dateTime.format(Date.parse(iso));

/** "14:02", or the full date and time when `iso` is not on the day of `sameDayAs`. */
export function shortTime(iso: string, sameDayAs: string): string {
  const t = Date.parse(iso);
  return dayOf(t) === dayOf(Date.parse(sameDayAs)) ? hm.format(t) : dateTime.format(t);
}

const CAUSE: Record<DayGap['cause'], string> = {
  stopped: 'the console was not running',
  crashed: 'the console stopped unexpectedly',
  asleep: 'the computer was asleep',
};

/** "Payments may be missing between 14:02 and 14:40: check with the service." */
export function gapText(g: DayGap): string {
  const from = shortTime(g.from, g.from);
  const to = shortTime(g.to, g.from);
  return `Payments may be missing between ${from} and ${to}: check with the service (${CAUSE[g.cause]}).`;
}
