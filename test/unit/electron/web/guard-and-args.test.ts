// Pure parts of the web transport: token compare, allowed Host headers, CLI flags.
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDataDir } from '../../../../electron/common/app-dir.ts';
import { parseCliArgs } from '../../../../electron/web/cli-args.ts';
import { allowedHostHeaders } from '#shared/node/host-guard.ts';
import { checkHostAndOrigin, tokenMatches } from '../../../../electron/core/http/http-guard.ts';
import { newToken, publicHost } from '../../../../electron/web/owner-url.ts';
import { STATUS_BY_CODE } from '../../../../electron/core/http/http-json.ts';
import { ERROR_CODES } from '#shared/errors.ts';

describe('token', () => {
  it('matches only the exact token', () => {
    const t = newToken();
    expect(tokenMatches(t, t)).toBe(true);
    expect(tokenMatches(`${t} `, t)).toBe(false);
    expect(tokenMatches(t.toUpperCase(), t)).toBe(t === t.toUpperCase());
    expect(tokenMatches('', t)).toBe(false);
    expect(tokenMatches(null, t)).toBe(false);
    expect(tokenMatches(undefined, t)).toBe(false);
  });
});

describe('allowed Host headers', () => {
  it('bound to loopback: the loopback names on its port only', () => {
    expect([...allowedHostHeaders('127.0.0.1', 8080)].sort()).toEqual([
      '127.0.0.1:8080',
      '[::1]:8080',
      'localhost:8080',
    ]);
  });

  it('bound to one LAN address: that address', () => {
    expect([...allowedHostHeaders('192.168.1.20', 8080)]).toEqual(['192.168.1.20:8080']);
    expect(publicHost('192.168.1.20')).toBe('192.168.1.20');
    expect([...allowedHostHeaders('fe80::1', 8080)]).toEqual(['[fe80::1]:8080']);
  });

  it('on port 80 also the bare name, which is what a browser sends there', () => {
    const allowed = allowedHostHeaders('192.168.1.20', 80);
    expect([...allowed].sort()).toEqual(['192.168.1.20', '192.168.1.20:80']);
    const req = (host: string) => ({ headers: { host } }) as IncomingMessage;
    expect(checkHostAndOrigin(req('192.168.1.20'), allowed)).toBeNull();
    expect(checkHostAndOrigin(req('evil.example'), allowed)).toMatchObject({ status: 403 });
  });

  it('bound to every interface: own addresses and names, never a foreign name', () => {
    const set = allowedHostHeaders('0.0.0.0', 9000);
    expect(set.has('127.0.0.1:9000')).toBe(true);
    expect(set.has('evil.example:9000')).toBe(false);
    expect(publicHost('0.0.0.0')).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
  });
});

describe('status mapping', () => {
  it('has an HTTP status for every engine error code, 401 left to the token', () => {
    for (const code of ERROR_CODES) {
      expect(STATUS_BY_CODE[code], code).toBeGreaterThanOrEqual(400);
      expect(STATUS_BY_CODE[code], code).not.toBe(401);
    }
  });
});

describe('serve flags', () => {
  it('defaults to loopback, a free port and the per-OS user data folder', () => {
    const parsed = parseCliArgs([], { XDG_CONFIG_HOME: '/cfg' });
    expect(parsed).toEqual({
      ok: true,
      options: {
        port: 0,
        host: '127.0.0.1',
        dataDir: defaultDataDir(process.platform, { XDG_CONFIG_HOME: '/cfg' }),
        profile: undefined,
        help: false,
      },
    });
    expect(defaultDataDir('linux', { XDG_CONFIG_HOME: '/cfg' }, '/home/a')).toBe(
      join('/cfg', 'merchant-console'),
    );
    expect(defaultDataDir('linux', {}, '/home/a')).toBe(
      join('/home/a', '.config', 'merchant-console'),
    );
    expect(defaultDataDir('darwin', {}, '/Users/a')).toBe(
      join('/Users/a', 'Library', 'Application Support', 'merchant-console'),
    );
    expect(
      defaultDataDir('win32', { APPDATA: 'C:\\Users\\a\\AppData\\Roaming' }, 'C:\\Users\\a'),
    ).toBe(join('C:\\Users\\a\\AppData\\Roaming', 'merchant-console'));
  });

  it('reads every flag', () => {
    const parsed = parseCliArgs([
      '--port',
      '8123',
      '--host',
      '0.0.0.0',
      '--data',
      '/tmp/x',
      '--profile',
      'sandbox',
    ]);
    expect(parsed).toEqual({
      ok: true,
      options: { port: 8123, host: '0.0.0.0', dataDir: '/tmp/x', profile: 'sandbox', help: false },
    });
    expect(parseCliArgs(['--host', '[::1]'])).toMatchObject({ ok: true, options: { host: '::1' } });
  });

  it('reads a disk limit and the LAN addresses to add for phone mode', () => {
    expect(
      parseCliArgs([
        '--max-db-pages',
        '2048',
        '--lan-address',
        '192.168.1.40',
        '--lan-address',
        'fd00::40',
      ]),
    ).toMatchObject({
      ok: true,
      options: { maxDbPages: 2048, lanAddresses: ['192.168.1.40', 'fd00::40'] },
    });
    const plain = parseCliArgs([]);
    expect(plain.ok && plain.options.maxDbPages).toBeUndefined();
    expect(plain.ok && plain.options.lanAddresses).toBeUndefined();
  });

  it.each([
    [['--max-db-pages', '0'], '--max-db-pages must be a whole number of pages from 1'],
    [['--max-db-pages', '1.5'], '--max-db-pages must be a whole number of pages from 1'],
    [['--lan-address', 'not an address'], '--lan-address must be an IP address'],
    [['--port', '70000'], '--port must be an integer from 0 to 65535'],
    [['--port', 'abc'], '--port must be an integer'],
    [['--port', '-1'], '--port'],
    [['--bogus'], "Unknown option '--bogus'"],
    [['extra'], 'extra'],
    [['--host', 'a b'], '--host must be'],
    [['--data', ' '], '--data must name a folder'],
    [['--profile', '../x'], '--profile must be'],
    [['--port'], "Option '--port <value>' argument missing"],
  ])('refuses %j with a clear message', (argv, message) => {
    const parsed = parseCliArgs(argv);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.message).toContain(message);
  });
});
