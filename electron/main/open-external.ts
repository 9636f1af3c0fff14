// The engine's openExternal: the user's browser, for http(s) URLs only (a checkout URL the
// engine produced). Anything else (file:, javascript:, custom schemes) is refused.
import { EngineError } from '../core/index.ts';

export function safeOpenExternal(
  open: (url: string) => Promise<void>,
): (url: string) => Promise<void> {
  return async (url) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new EngineError('bad_input', 'The link is not a valid URL.', { field: 'url' });
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
      throw new EngineError('bad_input', 'Only http and https links can be opened.', {
        field: 'url',
      });
    }
    await open(parsed.href);
  };
}
