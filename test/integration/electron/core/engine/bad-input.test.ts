// Strict parsing of every raw input: unknown keys, NaN, wrong types, out-of-range values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CHANNELS } from '#shared/channels.ts';
import { callError, openEngine } from './harness.ts';
import type { Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await openEngine();
});
afterAll(() => h.close());

describe('bad inputs are rejected with a clear bad_input', () => {
  const cases: [
    string,
    Parameters<Harness['engine']['call']>[0],
    unknown,
    string | undefined,
    RegExp,
  ][] = [
    ['unknown key', 'checkouts.list', { limit: 5, evil: 1 }, undefined, /unknown field\(s\): evil/],
    ['NaN', 'checkouts.list', { limit: Number.NaN }, 'limit', /^limit: /],
    ['wrong type', 'checkouts.list', { active: 'yes' }, 'active', /^active: /],
    ['out of range', 'checkouts.list', { limit: 101 }, 'limit', /^limit: /],
    ['fractional', 'payments.list', { offset: 1.5 }, 'offset', /^offset: /],
    ['null body', 'settings.get', null, undefined, /.+/],
    ['array body', 'key.status', [], undefined, /.+/],
    ['extra key on empty input', 'payments.totals', { x: 1 }, undefined, /unknown field/],
    [
      'NaN amount',
      'checkouts.create',
      { items: [{ name: 'A', amount: Number.NaN }] },
      'items[0].amount',
      /items\[0\]\.amount/,
    ],
    [
      'string amount',
      'checkouts.create',
      { items: [{ name: 'A', amount: '5' }] },
      'items[0].amount',
      /must be a number/,
    ],
    [
      'too many decimals',
      'checkouts.create',
      { items: [{ name: 'A', amount: 1.001 }] },
      'items[0].amount',
      /decimal/,
    ],
    ['no items', 'checkouts.create', { items: [] }, 'items', /at least one/],
    [
      'bad currency',
      'checkouts.create',
      { items: [{ name: 'A', amount: 1 }], currency: 'XXXX' },
      'currency',
      /ISO 4217/,
    ],
    [
      'unknown item key',
      'checkouts.create',
      { items: [{ name: 'A', amount: 1, sku: 'x' }] },
      'items[0]',
      /sku/,
    ],
    ['bad base_url', 'profiles.add', { name: 'X', base_url: 'ftp://x' }, 'base_url', /http/],
    ['empty name', 'profiles.add', { name: '  ', base_url: 'https://x.example' }, 'name', /name/],
    ['bad port', 'settings.set', { receiver_port: 70000 }, 'receiver_port', /receiver_port/],
    ['bad theme', 'settings.set', { theme: 'neon' }, 'theme', /theme/],
    ['bad export kind', 'export.csv', { kind: 'keys' }, 'kind', /kind/],
    ['key wrong type', 'key.set', { key: 12345 }, 'key', /key/],
    ['url not a URL', 'shell.openCheckout', { url: 'nope' }, 'url', /url/],
  ];

  for (const [name, channel, input, field, message] of cases) {
    it(`${name} (${channel})`, async () => {
      const err = await callError(h.engine, channel, input);
      expect(err.code).toBe('bad_input');
      expect(err.field).toBe(field);
      expect(err.message).toMatch(message);
    });
  }

  it('an unknown channel is rejected', async () => {
    const err = await callError(h.engine, 'nope.nothing' as (typeof CHANNELS)[number], {});
    expect(err.code).toBe('bad_input');
    expect(err.message).toContain('Unknown channel');
  });

  it('a base URL with credentials is refused by the engine', async () => {
    const err = await callError(h.engine, 'profiles.add', {
      name: 'X',
      base_url: 'https://user:pw@x.example',
    });
    expect(err).toMatchObject({ code: 'bad_input', field: 'base_url' });
  });
});
