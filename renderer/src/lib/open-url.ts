// In Electron the main process opens checkout URLs in the system browser (it refuses
// anything else); in a browser tab a new tab does the same job. Either way only http(s)
// links are opened (openableUrl), checked here before any transport sees them.
import { merchant, transport } from '../bridge/index.ts';
import { openableUrl } from './openable-url.ts';

export async function openCheckout(url: string): Promise<void> {
  const href = openableUrl(url);
  if (transport === 'web') {
    window.open(href, '_blank', 'noopener,noreferrer');
    return;
  }
  await merchant.shell.openCheckout({ url });
}
