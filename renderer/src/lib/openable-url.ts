// Which checkout links the console opens in a browser: absolute http(s) only. The Electron
// main process refuses anything else too; in a browser tab this check is the only one, and a
// service could list a checkout whose link is javascript:, data: or file:.
import { EngineError } from '../bridge/errors.ts';

export function openableUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw EngineError.from({
      code: 'bad_input',
      message: 'This checkout’s link is not a valid address, so it was not opened.',
      field: 'url',
    });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw EngineError.from({
      code: 'bad_input',
      message: `Only http and https links are opened; this checkout’s link starts with “${url.protocol}”, so it was not opened.`,
      field: 'url',
    });
  }
  return url.href;
}
