// In Electron the main process opens checkout URLs in the system browser (it refuses
// anything else); in a browser tab a new tab does the same job.
import { merchant, transport } from '../bridge/index.ts';

export async function openCheckout(url: string): Promise<void> {
  if (transport === 'web') {
    window.open(url, '_blank', 'noopener,noreferrer');
    return;
  }
  await merchant.shell.openCheckout({ url });
}
