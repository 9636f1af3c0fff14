// Currency names for pickers: Intl.DisplayNames in the person's locale, and English names for
// the ISO 4217 codes that Chromium's trimmed ICU data cannot name (it gives back "BOV", so
// the picker showed bare codes). Measured in Chromium: these 13 of the table's codes.
const FALLBACK: Readonly<Record<string, string>> = {
  BOV: 'Bolivian Mvdol',
  CHE: 'WIR Euro',
  CHW: 'WIR Franc',
  CLF: 'Chilean Unit of Account (UF)',
  COU: 'Colombian Real Value Unit',
  MXV: 'Mexican Investment Unit',
  SLE: 'Sierra Leonean Leone',
  USN: 'US Dollar (Next day)',
  UYI: 'Uruguayan Peso (Indexed Units)',
  UYW: 'Uruguayan Nominal Wage Index Unit',
  VED: 'Venezuelan Bolívar Soberano',
  XCG: 'Caribbean Guilder',
  ZWG: 'Zimbabwe Gold',
};

const byLocale = new Map<string, Intl.DisplayNames | null>();

function displayNames(locale: string): Intl.DisplayNames | null {
  if (!byLocale.has(locale)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames(locale, { type: 'currency', fallback: 'none' });
    } catch {
      // No DisplayNames (or not this locale): the fallback table, then the code.
    }
    byLocale.set(locale, names);
  }
  return byLocale.get(locale) ?? null;
}

/** The currency's name ("Euro", "Bolivian Mvdol"), or null when none is known. */
export function currencyName(code: string, locale: string): string | null {
  const name = displayNames(locale)?.of(code);
  if (name && name !== code) return name;
  return FALLBACK[code] ?? null;
}

/** "EUR — Euro": the code first, so typing the code in a select still finds it. */
export function currencyLabel(code: string, locale: string): string {
  const name = currencyName(code, locale);
  return name ? `${code} — ${name}` : code;
}
