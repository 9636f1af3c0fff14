// Item names over HTTP: a name with an invisible control or format character is refused
// with a 400 naming the field and the character, and nothing is stored; emoji sequences
// and scripts that need ZWJ/ZWNJ are stored exactly as sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.stop();
});

async function total(): Promise<number> {
  const res = await h.api('/api-checkouts?limit=1');
  return ((await res.json()) as { total: number }).total;
}

describe('POST /api-checkouts item names', () => {
  it.each([
    ['U+202E', 'Tea \u202E5€', 'U+202E RIGHT-TO-LEFT OVERRIDE'],
    ['a tab', 'Tea\tcake', 'U+0009'],
    ['a ZWJ outside an emoji sequence', 'Te\u200Da', 'U+200D ZERO WIDTH JOINER'],
  ])('400 naming items[1].name for %s, nothing stored', async (_label, name, what) => {
    const before = await total();
    const res = await h.post('/api-checkouts', {
      items: [
        { name: 'Fine', amount: 1 },
        { name, amount: 2 },
      ],
    });
    const err = await expectError(res, 400, 'validation_error');
    expect(err.details).toEqual([
      { field: 'items[1].name', message: expect.stringContaining(what) as string },
    ]);
    expect(err.message).toMatch(/^items\[1\]\.name must not contain invisible/);
    expect(await total()).toBe(before);
  });

  it('stores an emoji ZWJ sequence and a Persian ZWNJ exactly as sent', async () => {
    const names = ['Mug \u{1F469}\u200D\u{1F4BB}', 'کتاب\u200Cها'];
    const res = await h.post('/api-checkouts', {
      items: names.map((name) => ({ name, amount: 3 })),
    });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: { items: { name: string }[] } };
    expect(data.items.map((i) => i.name)).toEqual(names);
  });
});
