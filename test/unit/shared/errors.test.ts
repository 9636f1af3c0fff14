// One error shape from the engine to the screen: what the engine throws crosses a transport
// as JSON and comes back as the same class with the same fields under the same names.
import { describe, expect, it } from 'vitest';
import { buildMerchantApi } from '../../../electron/preload/merchant-api.ts';
import {
  ERROR_CODES,
  EngineError,
  isErrorShape,
  toEngineError,
  toErrorShape,
} from '#shared/errors.ts';

const fields = (e: EngineError) => ({
  code: e.code,
  message: e.message,
  field: e.field,
  retry_after_s: e.retry_after_s,
});

describe('the error shape', () => {
  it('survives JSON (the web transport) field for field', () => {
    const thrown = new EngineError('rate_limited', 'Try again in 7 s.', {
      field: 'key',
      retry_after_s: 7,
    });
    const wire: unknown = JSON.parse(JSON.stringify({ error: thrown })).error;
    expect(wire).toEqual({
      code: 'rate_limited',
      message: 'Try again in 7 s.',
      field: 'key',
      retry_after_s: 7,
    });
    const back = toEngineError(wire);
    expect(back).toBeInstanceOf(EngineError);
    expect(fields(back)).toEqual(fields(thrown));
  });

  it('survives the preload (Electron IPC), which throws it as a plain object', async () => {
    const thrown = new EngineError('bad_input', 'items[0].amount: too many decimals', {
      field: 'items[0].amount',
    });
    const api = buildMerchantApi({
      invoke: async () => ({ ok: false, error: toErrorShape(thrown) }),
      subscribe: () => () => {},
      send: () => {},
    });
    const caught = await api.checkouts.list({}).then(
      () => null,
      (e: unknown) => e,
    );
    expect(caught).not.toBeInstanceOf(Error);
    expect(fields(toEngineError(caught))).toEqual(fields(thrown));
  });

  it('hides anything that is not an EngineError behind a generic internal error', () => {
    expect(toErrorShape(new Error('ENOENT /home/me/secret'))).toEqual({
      code: 'internal',
      message: 'Something went wrong inside the console. Try again.',
    });
    expect(toEngineError('boom')).toMatchObject({ code: 'internal' });
    expect(isErrorShape({ code: 'no_such_code', message: 'x' })).toBe(false);
    expect(ERROR_CODES).toContain('keychain_unavailable');
  });
});
