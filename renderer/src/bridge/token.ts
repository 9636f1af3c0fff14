// The web transport's access token. The owner's arrives in the page URL (#token=… or
// ?token=…); it is kept for this tab in sessionStorage and removed from the address bar so
// it does not end up in screenshots, history or a shared link. A paired screen's token
// (Other screens) comes from the pairing page, which keeps it in localStorage under
// DEVICE_TOKEN_KEY: it is never in a URL, and it outlives the tab (a till is restarted).
const STORAGE_KEY = 'merchant.token';
/** Must match electron/web/pair-page.ts. */
export const DEVICE_TOKEN_KEY = 'merchant.deviceToken';

export type TokenKind = 'owner' | 'device';

export function takeToken(): { token: string; kind: TokenKind } | null {
  const url = new URL(window.location.href);
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''));
  const fromUrl = hash.get('token') ?? url.searchParams.get('token');
  if (fromUrl) {
    sessionStorage.setItem(STORAGE_KEY, fromUrl);
    hash.delete('token');
    url.searchParams.delete('token');
    const rest = hash.toString();
    url.hash = rest ? `#${rest}` : '';
    window.history.replaceState(window.history.state, '', url.toString());
    return { token: fromUrl, kind: 'owner' };
  }
  const kept = sessionStorage.getItem(STORAGE_KEY);
  if (kept) return { token: kept, kind: 'owner' };
  const device = localStorage.getItem(DEVICE_TOKEN_KEY);
  return device ? { token: device, kind: 'device' } : null;
}

/** This screen is no longer paired (revoked): forget its token, back to the pairing page. */
export function unpair(): void {
  localStorage.removeItem(DEVICE_TOKEN_KEY);
  window.location.replace('/pair');
}
