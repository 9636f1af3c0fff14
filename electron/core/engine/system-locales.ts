// The computer's preferred UI languages and regional format, as the transport read them
// (Electron's app.getPreferredSystemLanguages() and app.getSystemLocale()). They come from
// outside the console: only well-formed language tags pass, a bounded number of them.
export interface SystemLocales {
  /** Most preferred first, e.g. ['de-AT', 'en-US']. */
  languages: string[];
  /** The regional format for money and dates, e.g. 'de-AT'; '' when unknown. */
  regional: string;
}

const MAX_LANGUAGES = 32;
const MAX_TAG = 64;

function tag(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_TAG) return null;
  try {
    return Intl.getCanonicalLocales(value)[0] ?? null;
  } catch {
    return null; // not a BCP 47 tag
  }
}

/** What app.info may hand to the page; a reader that throws gives nothing. */
export function readSystemLocales(read: () => SystemLocales): SystemLocales | undefined {
  let raw: SystemLocales;
  try {
    raw = read();
  } catch {
    return undefined;
  }
  const languages: string[] = [];
  for (const l of Array.isArray(raw.languages) ? raw.languages.slice(0, 100) : []) {
    const t = tag(l);
    if (t !== null && !languages.includes(t)) languages.push(t);
    if (languages.length === MAX_LANGUAGES) break;
  }
  return { languages, regional: tag(raw.regional) ?? '' };
}
