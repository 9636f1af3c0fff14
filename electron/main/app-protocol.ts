// The renderer is served from app://console/ rather than file://, so that 'self' in the CSP
// means exactly the console's files and the CSP header applies (Electron security
// checklist: prefer a custom protocol to file://). Paths are resolved by the same guarded
// resolver as the browser transport's static files.
import { readFile } from 'node:fs/promises';
import type { Protocol } from 'electron';
import { PAGE_HEADERS, contentType, resolveStaticPath } from '#shared/node/static-files.ts';

export const APP_SCHEME = 'app';
export const APP_HOST = 'console';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`;

/** Privileges must be registered before the app is ready. */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true },
};

export async function appProtocolResponse(
  rendererDir: string,
  requestUrl: string,
): Promise<Response> {
  const url = new URL(requestUrl);
  const file = url.host === APP_HOST ? resolveStaticPath(rendererDir, url.pathname) : null;
  if (file === null) {
    return new Response('Not found.', {
      status: 404,
      headers: { ...PAGE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  const body = await readFile(file);
  return new Response(new Uint8Array(body), {
    status: 200,
    headers: { ...PAGE_HEADERS, 'Content-Type': contentType(file) },
  });
}

export function registerAppProtocol(protocol: Protocol, rendererDir: string): void {
  protocol.handle(APP_SCHEME, (request) => appProtocolResponse(rendererDir, request.url));
}
