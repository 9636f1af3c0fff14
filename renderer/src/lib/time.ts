// Times as a shopkeeper reads them: "2 min ago" in lists, the exact local time on hover.
const rtf = {
  long: new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }),
  /** "2 min. ago": lists where every row carries a time. */
  short: new Intl.RelativeTimeFormat(undefined, { numeric: 'auto', style: 'short' }),
};
const exactFmt = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const clockFmt = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

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
  if (Math.abs(delta) < 10) return 'just now';
  for (const [unit, size] of STEPS) {
    if (Math.abs(delta) < size) return rtf[style].format(Math.round(delta), unit);
    delta /= size;
  }
  return exactTime(iso);
}

export function exactTime(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : exactFmt.format(t);
}

export function clockTime(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : clockFmt.format(t);
}
