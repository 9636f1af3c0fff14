// The addresses other devices on this network could reach this computer at, for phone mode
// (a phone on the shop's Wi-Fi opening a sandbox link). From os.networkInterfaces(): every
// non-internal IPv4 address, then global or unique-local IPv6 ones. IPv6 link-local
// (fe80::/10) is left out: it needs a zone id (%wlan0) that a phone cannot use in a URL.
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';

export interface LanAddress {
  /** The interface's name (en0, wlan0, Ethernet, …). */
  name: string;
  address: string;
}

export type InterfaceTable = NodeJS.Dict<NetworkInterfaceInfo[]>;

function isLinkLocalV6(address: string): boolean {
  return /^fe[89ab][0-9a-f]:/i.test(address);
}

/**
 * The addresses of `table`, then `extra` (addresses the user named, `npm run serve
 * --lan-address`, for an interface the table leaves out), each once, labelled "added".
 */
export function lanAddresses(
  table: InterfaceTable = networkInterfaces(),
  extra: readonly string[] = [],
): LanAddress[] {
  const v4: LanAddress[] = [];
  const v6: LanAddress[] = [];
  const seen = new Set<string>();
  for (const [name, list] of Object.entries(table)) {
    for (const info of list ?? []) {
      if (info.internal) continue;
      const address = info.address.split('%')[0]!.toLowerCase();
      if (seen.has(address)) continue;
      if (info.family === 'IPv4') v4.push({ name, address });
      else if (!isLinkLocalV6(address) && address !== '::') v6.push({ name, address });
      else continue;
      seen.add(address);
    }
  }
  const added = extra
    .map((a) => a.trim())
    .filter((a) => a !== '' && !seen.has(a))
    .map((address) => ({ name: 'added', address }));
  return [...v4, ...v6, ...added];
}
