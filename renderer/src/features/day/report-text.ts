// How a report's times and gaps read: local times in the regional format, with the date only
// where it is needed; the sentences in the console's language.
import { defineMessages, type IntlShape, type MessageValue } from 'react-intl';
import type { DayGap } from '#shared/day.ts';
import { userLocale } from '../../lib/locale.ts';

/** One formatter per regional locale, made on first use. */
const made = new Map<string, { dateTime: Intl.DateTimeFormat; hm: Intl.DateTimeFormat }>();
function formats(): { dateTime: Intl.DateTimeFormat; hm: Intl.DateTimeFormat } {
  const locale = userLocale();
  let f = made.get(locale);
  if (!f) {
    f = {
      dateTime: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
      hm: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }),
    };
    made.set(locale, f);
  }
  return f;
}
const dayOf = (ms: number) => new Date(ms).toDateString();

/** "2 Jun 2025, 08:00". */
export const when = (iso: string): string => formats().dateTime.format(Date.parse(iso));

/** "14:02", or the full date and time when `iso` is not on the day of `sameDayAs`. */
export function shortTime(iso: string, sameDayAs: string): string {
  const t = Date.parse(iso);
  const f = formats();
  return dayOf(t) === dayOf(Date.parse(sameDayAs)) ? f.hm.format(t) : f.dateTime.format(t);
}

const m = defineMessages<{
  gap: { from: MessageValue; to: MessageValue; cause: string };
}>({
  gap: {
    id: 'day.gap',
    defaultMessage:
      'Payments may be missing between {from} and {to}: check with the service ({cause, select, stopped {the console was not running} crashed {the console stopped unexpectedly} disk_full {the disk was full, so payments could not be saved} other {the computer was asleep}}).',
    description:
      'from and to are times; cause says why payments may be missing (the console was away, or its disk was full)',
  },
});

/** "Payments may be missing between 14:02 and 14:40: check with the service (…)." */
export function gapText(intl: IntlShape, g: DayGap): string {
  return intl.formatMessage(m.gap, {
    from: shortTime(g.from, g.from),
    to: shortTime(g.to, g.from),
    cause: g.cause,
  });
}
