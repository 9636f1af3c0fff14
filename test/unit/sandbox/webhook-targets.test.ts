// Which webhook targets the sandbox refuses, judged without the network: address classes
// (IPv4, IPv6, and IPv6 forms carrying an IPv4 address), the URL text, and the policy by
// listen address. Names are resolved by a fake resolver here; the integration tests
// (test/integration/sandbox/webhook-targets.test.ts) do it over real sockets.
import { describe, expect, it } from 'vitest';
import { addressClass } from '../../../sandbox/targets/address-class.ts';
import { TargetGuard, type Resolver } from '../../../sandbox/targets/target-guard.ts';

describe('addressClass', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['fc00::1', 'unique local'],
    ['fd12:3456::1', 'unique local'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fec0::1', 'private'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['100.127.255.254', 'shared (CGNAT)'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    // IPv4-mapped, compatible, NAT64 and 6to4 forms are judged by the IPv4 inside.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::FFFF:10.1.2.3', 'private'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['::ffff:100.64.1.1', 'shared (CGNAT)'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['2002:c0a8:0101::1', 'private'],
    ['not an address', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(addressClass(address)).toBe(kind);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '192.169.0.1',
    '2606:4700::6810:84e5',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:0808:0808::1',
  ])('%s is public', (address) => {
    expect(addressClass(address)).toBeNull();
  });
});

const table = (answers: Record<string, string[]>): Resolver => {
  return async (host) => {
    const list = answers[host];
    if (!list) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
};

function guard(host: string, port: number, allowPrivate = false, answers = {}) {
  const g = new TargetGuard({ allowPrivate, resolve: table(answers) });
  g.setListening({ host, port, origins: [`http://127.0.0.1:${port}`, 'https://pay.example'] });
  return g;
}

describe('TargetGuard at registration (fake resolver)', () => {
  const answers = {
    'hooks.example': ['93.184.215.14'],
    'mixed.example': ['93.184.215.14', '10.0.0.7'],
    'inside.example': ['fd00::5'],
    localhost: ['127.0.0.1', '::1'],
  };

  it.each([
    ['http://user:pw@hooks.example/', /user name or password/],
    ['http://user@hooks.example/', /user name or password/],
    ['http://hooks.example/a\r\nX-Injected: 1', /control characters/],
    ['http://hooks.example/\tx', /control characters/],
    ['http://hooks.\nexample/', /control characters/],
    ['http://hooks.example/a b', /control characters or spaces/],
    ['http://127.0.0.1:4000/pay/x', /this sandbox itself/],
    ['http://localhost:4000/', /this sandbox itself/],
    ['http://[::1]:4000/', /this sandbox itself/],
    ['http://0.0.0.0:4000/', /this sandbox itself/],
    ['https://pay.example/hook', /this sandbox itself/],
  ])('always refuses %j', async (url, message) => {
    for (const g of [
      guard('127.0.0.1', 4000, false, answers),
      guard('0.0.0.0', 4000, true, answers),
    ]) {
      expect(await g.registrationProblem(url)).toMatch(message);
    }
  });

  it('on loopback: loopback, private and unresolvable targets on other ports are fine', async () => {
    const g = guard('127.0.0.1', 4000, false, answers);
    for (const url of [
      'http://127.0.0.1:4001/hook',
      'http://localhost:4001/hook',
      'http://10.0.0.1/hook',
      'http://mixed.example/',
      'http://x.test/',
    ]) {
      expect(await g.registrationProblem(url), url).toBeNull();
    }
  });

  it.each([
    ['http://127.0.0.1:4001/hook', /is a loopback address; this sandbox listens on 0\.0\.0\.0/],
    ['http://[::ffff:127.0.0.1]:4001/', /is a loopback address/],
    ['http://10.0.0.1/', /is a private address/],
    ['http://[fd00::1]/', /is a unique local address/],
    ['http://169.254.169.254/latest/meta-data', /is a link-local address/],
    ['http://100.64.0.1/', /is a shared \(CGNAT\) address/],
    ['http://0.0.0.0:4001/', /is an unspecified address/],
    ['http://2130706433:4001/', /is a loopback address/],
    ['http://localhost:4001/', /resolves to a loopback address/],
    ['http://mixed.example/', /resolves to a private address/],
    ['http://inside.example/', /resolves to a unique local address/],
    ['http://x.test/', /could not be resolved \(ENOTFOUND\)/],
  ])('beyond loopback refuses %s', async (url, message) => {
    const g = guard('0.0.0.0', 4000, false, answers);
    const problem = await g.registrationProblem(url);
    expect(problem).toMatch(message);
    if (!/resolved/.test(problem!)) expect(problem).toContain('--allow-private-webhooks');
    // The resolved address itself is never told (no probing of internal names).
    expect(problem).not.toMatch(/10\.0\.0\.7|fd00::5/);
  });

  it('beyond loopback accepts a name whose every address is public', async () => {
    const g = guard('0.0.0.0', 4000, false, answers);
    expect(await g.registrationProblem('https://hooks.example/hook')).toBeNull();
    expect(await g.registrationProblem('http://93.184.215.14:8080/')).toBeNull();
  });

  it('with allowPrivate, non-public targets are fine but not the sandbox itself', async () => {
    const g = guard('0.0.0.0', 4000, true, answers);
    expect(await g.registrationProblem('http://127.0.0.1:4001/')).toBeNull();
    expect(await g.registrationProblem('http://mixed.example/')).toBeNull();
    expect(await g.registrationProblem('http://127.0.0.1:4000/')).toMatch(/itself/);
  });
});

describe('TargetGuard at delivery', () => {
  it('refuses an IP literal before connecting, and gives names a checking lookup', async () => {
    const g = guard('0.0.0.0', 4000, false, { 'hooks.example': ['127.0.0.1'] });
    expect(g.deliveryCheck('http://127.0.0.1:4001/')).toEqual({
      problem: expect.stringMatching(/loopback/) as string,
    });
    const check = g.deliveryCheck('http://hooks.example/');
    expect('lookup' in check && typeof check.lookup).toBe('function');
    const lookup = (check as { lookup: NonNullable<unknown> }).lookup as (
      h: string,
      o: object,
      cb: (err: Error | null, a: unknown) => void,
    ) => void;
    const err = await new Promise<Error | null>((resolve) =>
      lookup('hooks.example', { all: true }, (e) => resolve(e)),
    );
    expect(err?.message).toMatch(/^target refused: resolves to a loopback address/);
  });
});
