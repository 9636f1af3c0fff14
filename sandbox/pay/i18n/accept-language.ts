// Which language a customer's browser asks for (RFC 9110 Accept-Language, with q-values):
// the page has English, German, French, Spanish and Arabic. The header comes from outside:
// only its first 1,024 characters and 32 entries are read, a malformed entry is skipped, and
// anything the page lacks falls back to English.
export const PAY_LANGUAGES = ['en', 'de', 'fr', 'es', 'ar'] as const;
export type PayLanguage = (typeof PAY_LANGUAGES)[number];

const MAX_CHARS = 1024;
const MAX_ENTRIES = 32;
const RANGE = /^([A-Za-z]{1,8})(?:-[A-Za-z0-9]{1,8})*$/;
const Q = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;

export function pickPayLanguage(header: string | string[] | undefined): PayLanguage {
  const text = (Array.isArray(header) ? header.join(',') : (header ?? '')).slice(0, MAX_CHARS);
  const wanted: { lang: PayLanguage; q: number; order: number }[] = [];
  for (const [order, entry] of text.split(',').slice(0, MAX_ENTRIES).entries()) {
    const [range = '', ...params] = entry.split(';').map((p) => p.trim());
    const m = RANGE.exec(range);
    if (!m) continue; // "*" and junk: nothing the page can match
    let q = 1;
    for (const p of params) {
      const qm = Q.exec(p);
      if (qm) q = Number(qm[1]);
      else if (/^q=/i.test(p)) q = -1; // a q-value out of range or unreadable: skip the entry
    }
    const base = m[1]!.toLowerCase();
    const lang = PAY_LANGUAGES.find((l) => l === base);
    if (lang && q > 0) wanted.push({ lang, q, order });
  }
  wanted.sort((a, b) => b.q - a.q || a.order - b.order);
  return wanted[0]?.lang ?? 'en';
}
