// The web transport's access token arrives in the page URL (#token=… or ?token=…). It is
// kept for this tab in sessionStorage and removed from the address bar so it does not end
// up in screenshots, history or a shared link.
const STORAGE_KEY = 'merchant.token';

export function takeToken(): string | null {
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
    return fromUrl;
  }
  return sessionStorage.getItem(STORAGE_KEY);
}
