// Which addresses phone mode offers. The interface table is fake here (the one part that
// cannot be real: a test machine's interfaces are whatever it has); its shape is
// os.networkInterfaces()'s.
import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import {
  lanAddresses,
  type InterfaceTable,
} from '../../../../../electron/core/embedded-sandbox/lan-addresses.ts';

function v4(address: string, internal = false): NetworkInterfaceInfo {
  return {
    address,
    netmask: '255.255.255.0',
    family: 'IPv4',
    mac: '00:00:00:00:00:00',
    internal,
    cidr: `${address}/24`,
  };
}

function v6(address: string, internal = false): NetworkInterfaceInfo {
  return {
    address,
    netmask: 'ffff:ffff:ffff:ffff::',
    family: 'IPv6',
    mac: '00:00:00:00:00:00',
    internal,
    cidr: `${address}/64`,
    scopeid: 0,
  };
}

describe('lanAddresses', () => {
  it('lists non-internal IPv4, then global or unique-local IPv6, with interface names', () => {
    const table: InterfaceTable = {
      lo: [v4('127.0.0.1', true), v6('::1', true)],
      wlan0: [v4('192.168.1.23'), v6('fe80::1c2b:3aff:fe4d:5e6f'), v6('2001:db8::23')],
      eth0: [v4('10.0.0.5'), v6('fd12:3456:789a::5')],
      docker0: undefined,
    };
    expect(lanAddresses(table)).toEqual([
      { name: 'wlan0', address: '192.168.1.23' },
      { name: 'eth0', address: '10.0.0.5' },
      { name: 'wlan0', address: '2001:db8::23' },
      { name: 'eth0', address: 'fd12:3456:789a::5' },
    ]);
  });

  it('is empty with only loopback (no network), and leaves out link-local IPv6', () => {
    expect(lanAddresses({ lo: [v4('127.0.0.1', true), v6('::1', true)] })).toEqual([]);
    expect(lanAddresses({ en0: [v6('fe80::1%en0'), v6('FEBF::2')] })).toEqual([]);
  });

  it('lists an address held by two interfaces once', () => {
    expect(lanAddresses({ a: [v4('192.168.1.2')], b: [v4('192.168.1.2')] })).toEqual([
      { name: 'a', address: '192.168.1.2' },
    ]);
  });

  it('adds the addresses the user named after the real ones, once', () => {
    expect(lanAddresses({ wlan0: [v4('192.168.1.2')] }, ['127.0.0.2', ' 192.168.1.2 '])).toEqual([
      { name: 'wlan0', address: '192.168.1.2' },
      { name: 'added', address: '127.0.0.2' },
    ]);
  });
});
