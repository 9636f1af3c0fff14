// Times as a shopkeeper reads them: "2 min ago" in lists, the exact local time on hover.
// Exact dates and clock times follow the regional format; "now" and "2 min ago" are phrases,
// in the console's language with the regional digits (lib/locale.ts), worded by Intl
// (Intl.RelativeTimeFormat with numeric: 'auto': "now", "jetzt", "maintenant", "الآن").
import { userLocale, wordsLocale } from './locale.ts';

/** One formatter per locale and kind, made on first use. */
function memo<T>(make: (locale: string) => T): (locale: string) => T {
  const made = new Map<string, T>();
  return (locale) => {
    let f = made.get(locale);
    if (f === undefined) {
      f = make(locale);
      made.set(locale, f);
    }
    return f;
  };
}

const rtf = {
  long: memo((l) => new Intl.RelativeTimeFormat(l, { numeric: 'auto' })),
  /** "2 min. ago": lists where every row carries a time. */
  short: memo((l) => new Intl.RelativeTimeFormat(l, { numeric: 'auto', style: 'short' })),
};
const exactFmt = memo(
  (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'medium' }),
);
const clockFmt = memo(
  (l) =>
    new Intl.DateTimeFormat(l, {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }),
);

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Infinity],
];

export function relativeTime(
  iso: string,
  now = Date.now(),
  style: 'long' | 'short' = 'long',
): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  let delta = (t - now) / 1000;
  // Under ten seconds either way: Intl's own word for the present moment.
  if (Math.abs(delta) < 10) return rtf[style](wordsLocale()).format(0, 'second');
  for (const [unit, size] of STEPS) {
    if (Math.abs(delta) < size) return rtf[style](wordsLocale()).format(Math.round(delta), unit);
    delta /= size;
  }
  return exactTime(iso);
}

export function exactTime(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : exactFmt(userLocale()).format(t);
}

export function clockTime(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : clockFmt(userLocale()).format(t);
}
