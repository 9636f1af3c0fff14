// The new link's problems in every language: each English predicate the shared rules can
// produce (the price reader, the create schema) has a sentence of its own in the catalogue,
// so a German or Arabic screen never shows "Preis: must be a number". Found by running the
// rules, not by listing their words: a new or reworded rule fails here until it is worded.
import { describe, expect, it } from 'vitest';
import { CreateCheckoutInput, fieldIssues, LIMITS } from '#shared/checkout-rules.ts';
import { ALL_CURRENCIES } from '#shared/currencies.ts';
import { readPrice } from '#shared/money-input.ts';
import {
  fieldKind,
  problemText,
} from '../../../../../renderer/src/features/new-link/problem-words.ts';
import { intlFor } from '../../support/intl.ts';

const de = intlFor('de');
const en = intlFor('en');

/** Every error a price can get, over texts that exercise each branch of the reader. */
function priceReasons(): Set<string> {
  const texts = [
    '-3',
    '-abc',
    'abc',
    '1..5',
    '1,,5',
    '12a',
    '0.1',
    '1.234',
    '1,2345',
    '1.999',
    '1,5,5',
    '999999999999999999',
    '1.2.3,4',
    '1,500',
    '1.500',
    '١٢٫٥',
    "1'234.5",
    '1 234,567',
    '99999999999999.99',
    '0,001',
    '1.',
    ',5',
    '.',
    '1,23,456.789',
    '1.000.000,001',
  ];
  const reasons = new Set<string>();
  for (const locale of ['en-US', 'de-DE', 'fr-FR', 'de-CH', 'ar-EG', 'en-IN', 'ja-JP']) {
    for (const currency of ['USD', 'EUR', 'JPY', 'KWD', ...ALL_CURRENCIES.slice(0, 20)]) {
      for (const text of texts) {
        const r = readPrice(text, currency, locale);
        if (r.kind === 'error') reasons.add(r.reason);
      }
    }
  }
  return reasons;
}

/** The schema's messages for bodies that break each of its rules. */
function schemaIssues(): { field: string; message: string }[] {
  const item = { name: 'Tea', amount: 1 };
  const bodies: unknown[] = [
    { items: [] },
    { items: Array.from({ length: LIMITS.itemsMax + 1 }, () => item) },
    { items: [{ ...item, name: '' }] },
    { items: [{ ...item, name: 'x'.repeat(LIMITS.nameMax + 1) }] },
    { items: [{ ...item, name: 'Tea\u202Eevil' }] },
    { items: [{ ...item, name: 'Tea\u0007' }] },
    { items: [{ ...item, amount: 0 }] },
    { items: [{ ...item, amount: 0.001 }], currency: 'USD' },
    { items: [{ ...item, amount: 1.5 }], currency: 'JPY' },
    { items: [{ ...item, quantity: 0 }] },
    { items: [{ ...item, quantity: LIMITS.quantityMax + 1 }] },
    { items: [{ ...item, quantity: 1.5 }] },
    { items: [item], currency: 'EURO' },
    { items: [item], success_url: 'not a url' },
    { items: [item], success_url: `https://x.example/${'a'.repeat(LIMITS.urlMax)}` },
    {
      items: [
        { ...item, amount: 9e13, quantity: 10_000 },
        { ...item, amount: 9e13, quantity: 10_000 },
      ],
    },
  ];
  return bodies.flatMap((b) => {
    const r = CreateCheckoutInput.safeParse(b);
    return r.success ? [] : fieldIssues(r.error);
  });
}

describe('problemText', () => {
  it('has a sentence for every error the price reader gives', () => {
    const reasons = priceReasons();
    expect(reasons.size).toBeGreaterThanOrEqual(6);
    for (const reason of reasons) {
      const german = problemText(de, 'price', reason);
      // Not the fallback "Preis: <English>": the predicate itself is translated.
      expect(german, reason).not.toContain(reason);
      expect(german, reason).toMatch(/^Der Preis /);
    }
  });

  it('has a sentence for every rule of the create schema', () => {
    const issues = schemaIssues();
    expect(new Set(issues.map((i) => i.field)).size).toBeGreaterThanOrEqual(5);
    for (const { field, message } of issues) {
      const kind = fieldKind(field);
      expect(kind, field).not.toBeNull();
      expect(problemText(de, kind!, message), `${field}: ${message}`).not.toContain(message);
    }
  });

  it('keeps the English sentences the screen always had', () => {
    expect(problemText(en, 'price', 'must be a whole number for JPY')).toBe(
      'Price must be a whole number for JPY',
    );
    expect(problemText(en, 'quantity', 'must be at most 10000')).toBe(
      'Quantity must be at most 10000',
    );
    expect(problemText(en, 'success_url', 'must be an absolute http(s) URL')).toBe(
      'Success URL must be an absolute http(s) URL',
    );
    expect(problemText(en, 'items', 'must contain at least one item')).toBe(
      'must contain at least one item',
    );
  });

  it('says the figures in the translation, and an unknown rule in English after the field', () => {
    expect(problemText(de, 'price', 'has more than 2 decimal places for EUR')).toBe(
      'Der Preis hat mehr als 2 Nachkommastellen für EUR',
    );
    expect(problemText(intlFor('ar'), 'price', 'has more than 3 decimal places for KWD')).toContain(
      'KWD',
    );
    expect(problemText(de, 'price', 'is shaped like a cat')).toBe('Preis: is shaped like a cat');
  });
});
