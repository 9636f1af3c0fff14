// Item names show on the customer's pay page: invisible control and format characters are
// refused with a message naming the character, except where a script or an emoji needs them.
import { describe, expect, it } from 'vitest';
import {
  CreateCheckoutInput,
  fieldIssues,
  invisibleCharacterProblem,
} from '#shared/checkout-rules.ts';

const refused: [string, string, string][] = [
  ['right-to-left override', 'Tea \u202E5€', 'U+202E RIGHT-TO-LEFT OVERRIDE at character 5'],
  ['left-to-right isolate', '\u2066Tea', 'U+2066 LEFT-TO-RIGHT ISOLATE at character 1'],
  ['tab inside', 'Tea\tcake', 'U+0009 CHARACTER TABULATION (tab) at character 4'],
  ['line feed inside', 'Tea\ncake', 'U+000A LINE FEED'],
  ['carriage return inside', 'Tea\rcake', 'U+000D CARRIAGE RETURN'],
  ['NUL', 'Tea\u0000', 'U+0000 NULL'],
  ['C1 control', 'Tea\u0085cake', 'U+0085 a control character'],
  ['zero width space', 'Zero\u200Bwidth', 'U+200B ZERO WIDTH SPACE'],
  ['soft hyphen', 'Sau\u00ADsage', 'U+00AD SOFT HYPHEN'],
  ['byte order mark', '\uFEFFTea', 'U+FEFF ZERO WIDTH NO-BREAK SPACE'],
  ['ZWJ between letters', 'Te\u200Da', 'U+200D ZERO WIDTH JOINER at character 3'],
  ['ZWJ after an emoji, before a letter', '\u{1F469}\u200Da', 'U+200D'],
  ['ZWJ at the end', 'Tea \u{1F375}\u200D', 'U+200D'],
  ['ZWNJ between an emoji and a letter', '\u{1F375}\u200Ca', 'U+200C ZERO WIDTH NON-JOINER'],
  ['tag characters without an emoji', 'Tea\u{E0067}\u{E007F}', 'U+E0067 a format character'],
  ['tag sequence without CANCEL TAG', '\u{1F3F4}\u{E0067}\u{E0062}', 'U+E0067'],
  ['a lone CANCEL TAG after an emoji', '\u{1F3F4}\u{E007F}', 'U+E007F'],
  ['an interlinear annotation', 'Tea\uFFF9x\uFFFB', 'U+FFF9 a format character'],
];

const allowed: [string, string][] = [
  ['plain text', 'Flat white'],
  ['accents and symbols', 'Crème brûlée — 2 × €'],
  ['Arabic', 'قهوة عربية'],
  ['Hebrew', 'קפה'],
  ['emoji ZWJ sequence', 'Dev mug \u{1F469}\u200D\u{1F4BB}'],
  ['family emoji', '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}'],
  ['skin tone then ZWJ', '\u{1F3C3}\u{1F3FD}\u200D\u2640\uFE0F'],
  ['VS16 then ZWJ', '\u2764\uFE0F\u200D\u{1F525}'],
  [
    'flag tag sequence (Scotland)',
    '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}',
  ],
  ['Persian ZWNJ', 'کتاب\u200Cها'],
  ['Sinhala ZWJ after a virama', 'ශ\u0DCA\u200Dරී tea'],
  ['Devanagari eyelash ra', 'र\u200D\u094Dय'],
  ['Hindi ZWNJ after a virama', 'क\u094D\u200Cष'],
];

describe('item names: invisible characters', () => {
  it.each(refused)('refuses %s', (_label, name, expected) => {
    const problem = invisibleCharacterProblem(name);
    expect(problem).toContain(expected);
    expect(problem).toMatch(/^must not contain invisible control or format characters: /);
  });

  it.each(allowed)('allows %s', (_label, name) => {
    expect(invisibleCharacterProblem(name)).toBeNull();
  });

  it('the create schema refuses with a 400-style issue naming the field', () => {
    const parsed = CreateCheckoutInput.safeParse({
      items: [
        { name: 'Fine', amount: 1 },
        { name: 'Tea \u202E5€', amount: 1 },
      ],
    });
    expect(parsed.success).toBe(false);
    const issues = fieldIssues(parsed.error!);
    expect(issues).toEqual([
      {
        field: 'items[1].name',
        message: expect.stringContaining('U+202E RIGHT-TO-LEFT OVERRIDE') as string,
      },
    ]);
  });

  it('the create schema accepts the allowed sequences unchanged (nothing is stripped)', () => {
    for (const [, name] of allowed) {
      const parsed = CreateCheckoutInput.safeParse({ items: [{ name, amount: 1 }] });
      expect(parsed.success, name).toBe(true);
      expect(parsed.data?.items[0]?.name).toBe(name);
    }
  });

  it('leading and trailing whitespace controls are trimmed as before, not refused', () => {
    const parsed = CreateCheckoutInput.safeParse({ items: [{ name: '\tScone\n', amount: 1 }] });
    expect(parsed.data?.items[0]?.name).toBe('Scone');
  });
});
