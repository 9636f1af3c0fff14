// The draft check behind the New payment link screen: prices read in the person's locale,
// an ambiguous price blocks the body, and a line total exists only for a valid line.
import { describe, expect, it, vi } from 'vitest';
import { checkDraft } from '../../../../../renderer/src/features/new-link/draft-rules.ts';
import { useDraft, type Draft } from '../../../../../renderer/src/state/draft-store.ts';
import { intlFor } from '../../support/intl.ts';

const en = intlFor('en');
/** Bidi isolation marks around an amount inside a sentence. */
const iso = (s: string) => `\u2068${s}\u2069`;

// The draft store persists to localStorage: an in-memory one, before the store is imported.
vi.hoisted(() => {
  const items = new Map<string, string>();
  globalThis.localStorage = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
    clear: () => items.clear(),
    key: (i: number) => [...items.keys()][i] ?? null,
    get length() {
      return items.size;
    },
  };
});

const draft = (lines: [string, string, string?][], currency = 'EUR'): Draft => ({
  lines: lines.map(([name, price, quantity = '1'], i) => ({ key: `k${i}`, name, price, quantity })),
  currency,
  successUrl: '',
  active: true,
});

describe('checkDraft', () => {
  it('reads "4,50" as 4.50 in de-DE and in en-US', () => {
    for (const locale of ['de-DE', 'en-US']) {
      const check = checkDraft(draft([['Tea', '4,50', '2']]), locale, en);
      expect(check.body?.items).toEqual([{ name: 'Tea', amount: 4.5, quantity: 2 }]);
      expect(check.lines[0]).toEqual({ price: { kind: 'ok', minor: 450 }, totalMinor: 900 });
      expect(check.total).toBe(9);
    }
  });

  it('an ambiguous price is an issue naming both readings, and nothing can be sent', () => {
    const check = checkDraft(draft([['Vase', '1,500']]), 'de-DE', en);
    expect(check.body).toBeNull();
    expect(check.complete).toBe(false);
    expect(check.issues['items[0].amount']).toMatch(
      new RegExp(
        `^Price “1,500” could mean ${iso('1,50\\s€')} or ${iso('1\\.500,00\\s€')}: choose one$`,
      ),
    );
    expect(check.lines[0]?.totalMinor).toBeNull();
    expect(check.total).toBeNull();
  });

  it('an invalid line has no line total, and then there is no Total: it says which line', () => {
    const check = checkDraft(
      draft(
        [
          ['Espresso', '1.50', '99999999'],
          ['Cake', '3.25'],
        ],
        'USD',
      ),
      'en-US',
      en,
    );
    expect(check.issues['items[0].quantity']).toBe('Quantity must be at most 10000');
    expect(check.lines.map((l) => l.totalMinor)).toEqual([null, 325]);
    // Issue 22 §2: the sum of the other lines is not the amount a shopkeeper may read out.
    expect(check.total).toBeNull();
    expect(check.totalNote).toBe('No total: line 1’s quantity needs fixing');
  });

  // Issue 22 §2, the three cases seen: an undecided price (de-DE "1,500"), a refused one
  // (JPY "0.1") and a line whose total is too large; never the sum of the other lines.
  it('an undecided line leaves no Total (not 1.248,06 €)', () => {
    const check = checkDraft(
      draft([
        ['Vase', '1,500'],
        ['Bowl', '1.248,06'],
      ]),
      'de-DE',
      en,
    );
    expect(check.lines.map((l) => l.totalMinor)).toEqual([null, 124806]);
    expect(check.total).toBeNull();
    expect(check.totalNote).toBe('No total until you choose what line 1’s “1,500” means');
  });

  it('a refused line leaves no Total (not ¥3,036)', () => {
    const check = checkDraft(
      draft(
        [
          ['Mochi', '3036'],
          ['Tea', '0.1'],
        ],
        'JPY',
      ),
      'en-US',
      en,
    );
    expect(check.total).toBeNull();
    expect(check.totalNote).toBe('No total: line 2’s price needs fixing');
  });

  it('a line whose total is too large leaves no Total (not $3.00)', () => {
    const check = checkDraft(
      draft(
        [
          ['Yacht', '9,999,999,999,999.99', '10000'],
          ['Tea', '3.00'],
        ],
        'USD',
      ),
      'en-US',
      en,
    );
    expect(check.lines.map((l) => l.totalMinor)).toEqual([null, 300]);
    expect(check.total).toBeNull();
    expect(check.totalNote).toBe('No total: line 1’s total is too large');
  });

  it('a line with no price yet, and more than one line to fix, are said in one line', () => {
    const check = checkDraft(
      draft(
        [
          ['Tea', '3.00'],
          ['Cake', ''],
          ['Scone', 'abc'],
        ],
        'USD',
      ),
      'en-US',
      en,
    );
    expect(check.total).toBeNull();
    expect(check.totalNote).toBe('No total until line 2 has a price (and 1 more line to fix)');
  });

  it('every line valid: the Total and no note', () => {
    const check = checkDraft(
      draft(
        [
          ['Tea', '3.00', '2'],
          ['Cake', '1.25'],
        ],
        'USD',
      ),
      'en-US',
      en,
    );
    expect(check.total).toBe(7.25);
    expect(check.totalNote).toBeNull();
  });

  it('"-3" says a price cannot be negative, not that it must be a number', () => {
    for (const text of ['-3', '−3', '-3.50', '-$3']) {
      const check = checkDraft(draft([['Tea', text]], 'USD'), 'en-US', en);
      expect(check.issues['items[0].amount'], text).toBe('Price cannot be negative');
    }
    expect(checkDraft(draft([['Tea', '-abc']], 'USD'), 'en-US', en).issues['items[0].amount']).toBe(
      'Price must be a number',
    );
  });

  it('removing the last line leaves none (focus goes to Add line), Undo puts it back', () => {
    const store = useDraft.getState();
    store.reset();
    const [only] = useDraft.getState().draft.lines;
    store.removeLine(only!.key);
    const empty = useDraft.getState().draft;
    expect(empty.lines).toEqual([]);
    const check = checkDraft(empty, 'en-US', en);
    expect(check.issues.items).toBe('must contain at least one item');
    expect(check.total).toBeNull();
    store.insertLine(only!, 0);
    expect(useDraft.getState().draft.lines).toEqual([only]);
  });
});
