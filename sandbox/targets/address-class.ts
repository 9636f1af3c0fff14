// Which IP addresses are not on the public internet: a hosted sandbox must not be usable to
// reach its own machine or the private network it sits in. IPv6 forms that carry an IPv4
// address (mapped ::ffff:a.b.c.d, the old compatible ::a.b.c.d, NAT64 64:ff9b::/96, 6to4
// 2002::/16) are judged by the IPv4 address inside.
import { isIPv4, isIPv6 } from 'node:net';

export type AddressClass =
  | 'loopback'
  | 'private'
  | 'unique local'
  | 'link-local'
  | 'unspecified'
  | 'shared (CGNAT)'
  | 'multicast'
  | 'reserved';

type V4Range = [base: number, bits: number, kind: AddressClass];

const v4 = (a: number, b: number, c: number, d: number) =>
  ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;

const V4_RANGES: readonly V4Range[] = [
  [v4(0, 0, 0, 0), 8, 'unspecified'], // "this network"; 0.0.0.0 reaches the local host
  [v4(10, 0, 0, 0), 8, 'private'],
  [v4(100, 64, 0, 0), 10, 'shared (CGNAT)'],
  [v4(127, 0, 0, 0), 8, 'loopback'],
  [v4(169, 254, 0, 0), 16, 'link-local'],
  [v4(172, 16, 0, 0), 12, 'private'],
  [v4(192, 168, 0, 0), 16, 'private'],
  [v4(224, 0, 0, 0), 4, 'multicast'],
  [v4(240, 0, 0, 0), 4, 'reserved'], // includes 255.255.255.255 (broadcast)
];

function parseV4(ip: string): number {
  const [a, b, c, d] = ip.split('.').map(Number) as [number, number, number, number];
  return v4(a, b, c, d);
}

function classifyV4(n: number): AddressClass | null {
  for (const [base, bits, kind] of V4_RANGES) {
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    if ((n & mask) >>> 0 === base) return kind;
  }
  return null;
}

/** The 8 groups of an IPv6 address (valid input, as net.isIPv6 says; no zone id). */
function parseV6(ip: string): number[] {
  let text = ip;
  const groups: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  let tail: number[] = [];
  if (dotted) {
    const n = parseV4(dotted[1]!);
    tail = [n >>> 16, n & 0xffff];
    text = text.slice(0, -dotted[1]!.length);
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1);
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const part = (s: string) => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const left = part(head);
  const right = rest === undefined ? [] : part(rest);
  const fill = 8 - left.length - right.length - tail.length;
  groups.push(...left, ...Array.from({ length: rest === undefined ? 0 : fill }, () => 0));
  groups.push(...right, ...tail);
  return groups;
}

function classifyV6(g: number[]): AddressClass | null {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = g as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const embedded = (hi: number, lo: number) => classifyV4(((hi << 16) | lo) >>> 0);
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroTo(7) && g7 === 0) return 'unspecified';
  if (zeroTo(7) && g7 === 1) return 'loopback';
  if (zeroTo(5) && g5 === 0xffff) return embedded(g6, g7); // IPv4-mapped
  if (zeroTo(6)) return embedded(g6, g7); // IPv4-compatible (deprecated)
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return embedded(g6, g7); // NAT64 well-known prefix
  }
  if (g0 === 0x2002) return embedded(g1, g2); // 6to4
  if ((g0 & 0xfe00) === 0xfc00) return 'unique local';
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local';
  if ((g0 & 0xffc0) === 0xfec0) return 'private'; // site-local (deprecated)
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  return null;
}

/**
 * The class of a non-public address, or null for a public one. Accepts IPv4 and IPv6
 * literals (brackets and a %zone are ignored); anything else is 'reserved' (never public).
 */
export function addressClass(address: string): AddressClass | null {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(ip)) return classifyV4(parseV4(ip));
  if (isIPv6(ip)) return classifyV6(parseV6(ip.toLowerCase()));
  return 'reserved';
}

export function isIpLiteral(host: string): boolean {
  const ip = host.replace(/^\[|\]$/g, '');
  return isIPv4(ip) || isIPv6(ip);
}
