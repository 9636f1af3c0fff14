// Issue 21 §2: a control character in the search box's text (a NUL pasted from somewhere, an
// escape) is bad input naming `query`, answered 400 like any other, never a 500 from the
// full-text engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpc } from '../../../unit/electron/support/http.ts';
import { openWebHarness, type WebHarness } from './harness.ts';

let h: WebHarness;
beforeAll(async () => {
  h = await openWebHarness();
});
afterAll(() => h.close());

describe('checkouts.search refuses control characters in query', () => {
  for (const query of ['ab\u0000cd', '\u0000', 'croissant\u001b[2J', 'tab\there', 'x\u007fy']) {
    it(`answers 400 naming query for ${JSON.stringify(query)}`, async () => {
      const res = await rpc(h.web.port, h.web.token, 'checkouts.search', {
        query,
        limit: 25,
        offset: 0,
      });
      expect(res.status).toBe(400);
      const { error } = res.json() as { error: { code: string; field?: string; message: string } };
      expect(error).toMatchObject({ code: 'bad_input', field: 'query' });
      expect(error.message).toMatch(/^query: .*control character/);
    });
  }

  it('still searches text with letters, accents, emoji and a zero-width joiner', async () => {
    const res = await rpc(h.web.port, h.web.token, 'checkouts.search', {
      query: 'Crème 👩‍💻',
      limit: 25,
      offset: 0,
    });
    expect(res.status).toBe(200);
  });
});
