// The checkout rules the sandbox enforces and the console previews (docs/service-api.md, §3).
// One implementation, so the live total in the editor is the total the service computes.
import { z } from 'zod';
import { currencyExponent, isCurrency } from './currencies.ts';
import { fromMinor, toMinor } from './money.ts';

export const LIMITS = {
  itemsMin: 1,
  itemsMax: 100,
  nameMax: 200,
  quantityMax: 10_000,
  listLimitMax: 100,
  listLimitDefault: 50,
  urlMax: 2048,
} as const;

export const DEFAULT_CURRENCY = 'USD';

// Item names appear on the customer's pay page, so invisible control (Cc) and format (Cf)
// characters are refused, never stripped: a right-to-left override can make "Tea €5" read as
// something else, and silently changing what the customer sees would be worse than a clear
// error. Kept: a zero-width joiner inside an emoji sequence (👩‍💻) or beside a virama in
// Brahmic scripts (Sinhala ශ්‍රී), a zero-width non-joiner between letters (Persian,
// Indic orthography), and the tag characters of an emoji tag sequence (🏴 flags).
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;
const EMOJI = /\p{Extended_Pictographic}/u;
const EMOJI_TAIL = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F]/u;
const LETTER_OR_MARK = /[\p{L}\p{M}]/u;
const LETTER = /\p{L}/u;
// The viramas of the Brahmic scripts in common use (Devanagari … Sinhala, Tibetan, Myanmar,
// Khmer, Balinese, Javanese), where ZWJ/ZWNJ choose a conjunct's written form.
const VIRAMA =
  /[\u094D\u09CD\u0A4D\u0ACD\u0B4D\u0BCD\u0C4D\u0CCD\u0D4D\u0DCA\u0F84\u1039\u103A\u17D2\u1B44\uA9C0]/u;
const ZWNJ = 0x200c;
const ZWJ = 0x200d;
const TAG_FIRST = 0xe0020;
const TAG_LAST = 0xe007e;
const CANCEL_TAG = 0xe007f;

const CHARACTER_NAMES: Record<number, string> = {
  0x00: 'NULL',
  0x09: 'CHARACTER TABULATION (tab)',
  0x0a: 'LINE FEED',
  0x0d: 'CARRIAGE RETURN',
  0x7f: 'DELETE',
  0xad: 'SOFT HYPHEN',
  0x061c: 'ARABIC LETTER MARK',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2060: 'WORD JOINER',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
};

/** True when the text has any Cc or Cf character (allowed ones included): a cheap pre-check. */
export function hasInvisibleCharacters(text: string): boolean {
  return INVISIBLE.test(text);
}

const isTag = (c: string): boolean => {
  const cp = c.codePointAt(0)!;
  return (cp >= TAG_FIRST && cp <= TAG_LAST) || cp === CANCEL_TAG;
};
const isCancel = (c: string): boolean => c.codePointAt(0) === CANCEL_TAG;

function allowedInContext(chars: readonly string[], i: number): boolean {
  const cp = chars[i]!.codePointAt(0)!;
  const prev = chars[i - 1] ?? '';
  const next = chars[i + 1] ?? '';
  if (cp === ZWJ) {
    if (EMOJI_TAIL.test(prev) && EMOJI.test(next)) return true;
    return (VIRAMA.test(prev) && LETTER.test(next)) || (LETTER.test(prev) && VIRAMA.test(next));
  }
  if (cp === ZWNJ) return LETTER_OR_MARK.test(prev) && LETTER_OR_MARK.test(next);
  if (isTag(chars[i]!)) {
    // An emoji tag sequence: an emoji, tag characters, and CANCEL TAG last (🏴 flags).
    let start = i;
    while (start > 0 && isTag(chars[start - 1]!)) start -= 1;
    let end = i;
    while (end + 1 < chars.length && isTag(chars[end + 1]!)) end += 1;
    const run = chars.slice(start, end + 1);
    return (
      start > 0 &&
      EMOJI_TAIL.test(chars[start - 1]!) &&
      run.length >= 2 &&
      run.findIndex(isCancel) === run.length - 1
    );
  }
  return false;
}

/**
 * Why an item name is refused for an invisible control or format character (the first one,
 * named and located), or null when it has none outside the contexts above.
 */
export function invisibleCharacterProblem(name: string): string | null {
  if (!INVISIBLE.test(name)) return null;
  const chars = Array.from(name);
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (!INVISIBLE.test(c) || allowedInContext(chars, i)) continue;
    const cp = c.codePointAt(0)!;
    const code = `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
    const what =
      CHARACTER_NAMES[cp] ?? (/\p{Cc}/u.test(c) ? 'a control character' : 'a format character');
    return (
      `must not contain invisible control or format characters: ${code} ${what} at ` +
      `character ${i + 1} (they change how the name looks to the customer)`
    );
  }
  return null;
}

/**
 * The text with each character `invisibleCharacterProblem` would refuse written out as
 * "[U+202E]", so a name from a service that did not refuse it shows what it holds instead of
 * reading as something else. The characters kept in context (an emoji's ZWJ, …) stay.
 */
export function markInvisibleCharacters(text: string): string {
  if (!INVISIBLE.test(text)) return text;
  const chars = Array.from(text);
  return chars
    .map((c, i) => {
      if (!INVISIBLE.test(c) || allowedInContext(chars, i)) return c;
      return `[U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`;
    })
    .join('');
}

const httpUrl = z
  .string({ error: 'must be a string' })
  .max(LIMITS.urlMax, `must be at most ${LIMITS.urlMax} characters`)
  .refine(isHttpUrl, 'must be an absolute http(s) URL');

export const ItemInput = z
  .object({
    name: z
      .string({ error: 'is required and must be a string' })
      .trim()
      .min(1, 'must not be empty')
      .max(LIMITS.nameMax, `must be at most ${LIMITS.nameMax} characters`)
      .superRefine((name, ctx) => {
        const problem = invisibleCharacterProblem(name);
        if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
      }),
    amount: z
      .number({ error: 'is required and must be a number' })
      .positive('must be greater than 0'),
    quantity: z
      .number({ error: 'must be an integer' })
      .int('must be an integer')
      .min(1, 'must be at least 1')
      .max(LIMITS.quantityMax, `must be at most ${LIMITS.quantityMax}`)
      .optional(),
  })
  .strict();

/** The create body as the service interface states it, with the house defaults filled in. */
export const CreateCheckoutInput = z
  .object({
    items: z
      .array(ItemInput, { error: 'is required and must be an array of items' })
      .min(LIMITS.itemsMin, 'must contain at least one item')
      .max(LIMITS.itemsMax, `must contain at most ${LIMITS.itemsMax} items`),
    currency: z
      .string({ error: 'must be a string' })
      .transform((c) => c.toUpperCase())
      .refine(isCurrency, 'must be an ISO 4217 currency code such as USD')
      .optional(),
    success_url: httpUrl.optional(),
    active: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const currency = body.currency ?? DEFAULT_CURRENCY;
    if (!isCurrency(currency)) return;
    let total = 0;
    body.items.forEach((item, i) => {
      const unit = toMinor(item.amount, currency);
      if (!unit.ok) {
        ctx.addIssue({ code: 'custom', path: ['items', i, 'amount'], message: unit.reason });
        return;
      }
      total += unit.minor * (item.quantity ?? 1);
    });
    if (!Number.isSafeInteger(total)) {
      ctx.addIssue({ code: 'custom', path: ['items'], message: 'total is too large' });
    }
  });

export type CreateCheckoutInput = z.input<typeof CreateCheckoutInput>;
export type ItemInput = z.input<typeof ItemInput>;

export interface PricedItem {
  name: string;
  amount: number;
  quantity?: number | undefined;
}

/** product_name: one item → its name; n ≥ 2 → "<first> + <n-1> more". */
export function productName(items: readonly { name: string }[]): string {
  const first = items[0]?.name.trim() ?? '';
  return items.length <= 1 ? first : `${first} + ${items.length - 1} more`;
}

/** Σ amount × quantity in minor units; throws on amounts that are not valid for the currency. */
export function totalMinor(items: readonly PricedItem[], currency: string): number {
  return items.reduce((sum, item) => {
    const unit = toMinor(item.amount, currency);
    if (!unit.ok) throw new RangeError(`amount ${unit.reason}`);
    return sum + unit.minor * (item.quantity ?? 1);
  }, 0);
}

/** The total in major units, as the wire carries it. */
export function totalAmount(items: readonly PricedItem[], currency: string): number {
  return fromMinor(totalMinor(items, currency), currency);
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export interface FieldIssue {
  field: string;
  message: string;
}

/** Zod issues as field paths a person can read: items[0].amount. */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    field: fieldPath(issue.path),
    message: issueMessage(issue),
  }));
}

export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out || '(body)';
}

function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return `unknown field(s): ${issue.keys.join(', ')}`;
  return issue.message;
}

export { currencyExponent };
