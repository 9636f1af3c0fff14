// The person's locales. The regional format (money, dates) reads and shows amounts the way
// they write them: the computer's regional format when the transport reports it (Electron's
// app.getSystemLocale(), through app.info), else the browser's language (Playwright sets it
// with its `locale` option). The words locale is the console's language with the regional
// digits (i18n/locales.ts intlLocale), for phrases such as "3 min ago". The i18n provider
// sets both before the screens render.
let cached: string | undefined;
let regional: string | undefined;
let words: string | undefined;
if (typeof window !== 'undefined')
  window.addEventListener('languagechange', () => (cached = undefined));

/** The computer's regional format, from the transport (undefined: the browser's). */
export function setRegionalLocale(tag: string | undefined): void {
  if (tag === regional) return;
  regional = tag;
  cached = undefined;
}

export function setWordsLocale(tag: string): void {
  words = tag;
}

/** The locale of the console's words, for Intl phrases (relative times). */
export function wordsLocale(): string {
  return words ?? userLocale();
}

export function userLocale(): string {
  if (cached) return cached;
  const wanted = regional || (typeof navigator !== 'undefined' ? navigator.language : '');
  try {
    cached = Intl.NumberFormat.supportedLocalesOf(wanted ? [wanted] : [])[0] ?? 'en-US';
  } catch {
    // A malformed language tag: fall back rather than fail to show a price.
    cached = 'en-US';
  }
  return cached;
}
