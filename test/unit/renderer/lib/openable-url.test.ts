// The browser bridge opens only http(s) checkout links (the Electron main process checks the
// same on its side): anything a service could list instead is refused with a message.
import { describe, expect, it } from 'vitest';
import { EngineError } from '../../../../renderer/src/bridge/errors.ts';
import { openableUrl } from '../../../../renderer/src/lib/openable-url.ts';

describe('openableUrl', () => {
  it('passes absolute http and https links', () => {
    expect(openableUrl('https://pay.example/pay/abc')).toBe('https://pay.example/pay/abc');
    expect(openableUrl('http://127.0.0.1:4000/pay/abc')).toBe('http://127.0.0.1:4000/pay/abc');
  });

  it('refuses every other scheme and anything that is not a URL', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'vbscript:msgbox(1)',
      'blob:https://pay.example/1',
      'mailto:a@b.example',
      '/pay/abc',
      '',
    ]) {
      let err: unknown = null;
      try {
        openableUrl(bad);
      } catch (e) {
        err = e;
      }
      expect(err, bad).toBeInstanceOf(EngineError);
      expect((err as EngineError).code).toBe('bad_input');
      expect((err as EngineError).message).toMatch(/not opened/);
    }
  });
});
