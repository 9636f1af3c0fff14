// The Electron security checklist in one place: CSP on every response, no permissions, no
// navigation away from the console, no new windows, no <webview>.
import type { Session, WebContents } from 'electron';
import { WEB_CSP } from '#shared/node/static-files.ts';

/** The packaged app uses the same policy as the browser transport. */
export const APP_CSP = WEB_CSP;

/** electron-vite's dev server needs its inline React refresh preamble and an HMR socket. */
export const DEV_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self' ws://localhost:* ws://127.0.0.1:*",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

/**
 * The one permission granted: writing text to the clipboard from the console's own page
 * (the Copy buttons use navigator.clipboard.writeText). Everything else is refused.
 */
export function permissionAllowed(
  permission: string,
  origin: string,
  isTrustedUrl: (url: string) => boolean,
): boolean {
  return permission === 'clipboard-sanitized-write' && isTrustedUrl(origin);
}

export function hardenSession(
  session: Session,
  csp: string,
  isTrustedUrl: (url: string) => boolean,
): void {
  session.setPermissionRequestHandler((contents, permission, callback, details) => {
    callback(
      permissionAllowed(permission, details.requestingUrl || contents.getURL(), isTrustedUrl),
    );
  });
  session.setPermissionCheckHandler((_contents, permission, origin) =>
    permissionAllowed(permission, origin, isTrustedUrl),
  );
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [csp],
        'X-Content-Type-Options': ['nosniff'],
      },
    });
  });
}

/**
 * Applied to every WebContents the app creates (app 'web-contents-created'): the page may
 * only ever show the console itself.
 */
export function hardenContents(
  contents: WebContents,
  isTrustedUrl: (url: string) => boolean,
): void {
  contents.on('will-navigate', (event, url) => {
    if (!isTrustedUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isTrustedUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  // Links to checkouts are opened through merchant.shell.openCheckout, never as windows.
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

/** Trusted page URLs: the app:// renderer, or in development the electron-vite server. */
export function trustedUrlCheck(
  appOrigin: string,
  devUrl: string | undefined,
): (url: string) => boolean {
  const devOrigin = devUrl ? new URL(devUrl).origin : null;
  return (url) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return false;
    }
    if (devOrigin !== null) return parsed.origin === devOrigin;
    return `${parsed.protocol}//${parsed.host}` === appOrigin;
  };
}
