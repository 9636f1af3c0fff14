// The person's locale, for reading and showing amounts the way they write them. The
// browser's language (Electron passes the OS's); Playwright sets it with its `locale` option.
let cached: string | undefined;
if (typeof window !== 'undefined')
  window.addEventListener('languagechange', () => (cached = undefined));

export function userLocale(): string {
  if (cached) return cached;
  const wanted = typeof navigator !== 'undefined' ? navigator.language : '';
  try {
    cached = Intl.NumberFormat.supportedLocalesOf(wanted ? [wanted] : [])[0] ?? 'en-US';
  } catch {
    // A malformed language tag: fall back rather than fail to show a price.
    cached = 'en-US';
  }
  return cached;
}
