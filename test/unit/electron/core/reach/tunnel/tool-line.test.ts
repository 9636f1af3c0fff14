// A tunnel tool's line shown on the screen (tunnel.status: the window, its events, the browser
// transport) is masked like the engine log, and more: URL paths and ngrok credentials too.
import { expect, it } from 'vitest';
import { maskToolLine } from '../../../../../../electron/core/reach/tunnel/index.ts';

const TOKEN = 'q3Vw0Zk8X1y2A3b4C5d6E7f8G9h0I1j2K3l4M5n6O7p';

it('hides the receiver token wherever it appears', () => {
  const out = maskToolLine(`dial failed for ${TOKEN} (again: ${TOKEN})`, [TOKEN]);
  expect(out).not.toContain(TOKEN);
  expect(out).toContain('dial failed for ••••');
});

it('keeps the host of a URL but hides its path, query and fragment', () => {
  expect(maskToolLine('error at https://shop.example:8443/a/b?c=1#d now', [])).toBe(
    'error at https://shop.example:8443/•••• now',
  );
  expect(maskToolLine('up at https://abc.trycloudflare.com', [])).toBe(
    'up at https://abc.trycloudflare.com',
  );
  expect(maskToolLine('url=http://127.0.0.1:9/', [])).toBe('url=http://127.0.0.1:9/');
});

it('hides request paths in log fields and request lines', () => {
  expect(maskToolLine('lvl=warn msg="bad gateway" path=/webhooks/abc status=502', [])).toBe(
    'lvl=warn msg="bad gateway" path=/•••• status=502',
  );
  expect(maskToolLine('POST /webhooks/abc 502 Bad Gateway', [])).toBe('POST /•••• 502 Bad Gateway');
  expect(maskToolLine('uri="/api/tunnels/x?y=1" code=404', [])).toBe('uri="/••••" code=404');
  // A file path in an error stays: it names no request and helps the merchant.
  expect(maskToolLine('open /home/me/.config/ngrok/ngrok.yml: permission denied', [])).toBe(
    'open /home/me/.config/ngrok/ngrok.yml: permission denied',
  );
});

it('hides anything shaped like an ngrok authtoken or API key, and service keys', () => {
  const authtoken = '2bXyZq7LmNoPqRsTuVwXyZaBcDe_4fGhIjKlMnOpQrStUvWx1';
  const out = maskToolLine(
    `ERR_NGROK_105 authentication failed: authtoken ${authtoken} is invalid; sk_live_0123456789abcdefWXYZ`,
    [],
  );
  expect(out).not.toContain(authtoken);
  expect(out).not.toContain('0123456789abcdef');
  expect(out).toContain('ERR_NGROK_105 authentication failed');
  expect(maskToolLine('authtoken=abc123secret rest', [])).toBe('authtoken=•••• rest');
  expect(maskToolLine('NGROK_AUTHTOKEN: abc123secret', [])).toBe('NGROK_AUTHTOKEN: ••••');
});
