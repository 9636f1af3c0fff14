// The flags `npm run serve` and `npm run sandbox` share are read and refused the same way.
import { describe, expect, it } from 'vitest';
import { UsageError, folderFlag, hostFlag, parseFlags, portFlag } from '#shared/node/cli-flags.ts';

describe('shared CLI flags', () => {
  it('parses strictly: an unknown flag or a stray word is a usage error', () => {
    const options = { port: { type: 'string' }, help: { type: 'boolean' } } as const;
    expect(parseFlags(['--port', '8080', '--help'], options)).toEqual({ port: '8080', help: true });
    expect(() => parseFlags(['--colour', 'red'], options)).toThrow(UsageError);
    expect(() => parseFlags(['stray'], options)).toThrow(/stray/);
  });

  it('reads --port 0 to 65535 and nothing else', () => {
    expect(portFlag(undefined)).toBe(0);
    expect(portFlag('65535')).toBe(65535);
    for (const bad of ['70000', '-1', 'abc', '1e3', ' 80', '']) {
      expect(() => portFlag(bad), bad).toThrow('--port must be an integer from 0 to 65535');
    }
  });

  it('reads --host as an address or a name, IPv6 with or without brackets', () => {
    expect(hostFlag(undefined)).toBe('127.0.0.1');
    expect(hostFlag('[::1]')).toBe('::1');
    expect(hostFlag('shop-laptop.local')).toBe('shop-laptop.local');
    expect(() => hostFlag('')).toThrow('--host must be an IP address or host name');
    expect(() => hostFlag('a b')).toThrow(UsageError);
  });

  it('refuses a blank --data', () => {
    expect(folderFlag(undefined)).toBeUndefined();
    expect(folderFlag('/tmp/x')).toBe('/tmp/x');
    expect(() => folderFlag('  ')).toThrow('--data must name a folder');
  });
});
