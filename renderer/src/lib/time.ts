// Times as a shopkeeper reads them: "2 min ago" in lists, the exact local time on hover.
const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
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

export function relativeTime(iso: string, now = Date.now()): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  let delta = (t - now) / 1000;
  if (Math.abs(delta) < 10) return 'just now';
  for (const [unit, size] of STEPS) {
    if (Math.abs(delta) < size) return rtf.format(Math.round(delta), unit);
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
