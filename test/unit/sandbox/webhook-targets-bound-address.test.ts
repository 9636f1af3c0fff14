// Issue 21 §6: a sandbox bound to one specific non-loopback address (a LAN address, as when
// someone hosts it on `--host 10.254.254.1`) is "beyond loopback" just as one on 0.0.0.0:
// it refuses loopback, private and other non-public webhook targets, at registration and
// at delivery. The guard is given the bind address as startSandbox gives it (setListening);
// no socket is bound to that address and nothing is sent to it (tests send only to
// loopback), so this runs anywhere.
import { describe, expect, it } from 'vitest';
import { TargetGuard, type Resolver } from '../../../sandbox/targets/target-guard.ts';

const answers: Record<string, string[]> = {
  'hooks.example': ['93.184.215.14'],
  'inside.example': ['192.168.1.7'],
  localhost: ['127.0.0.1', '::1'],
};
const resolve: Resolver = async (host) => {
  const list = answers[host];
  if (!list) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
  return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

function boundTo(host: string, allowPrivate = false): TargetGuard {
  const g = new TargetGuard({ allowPrivate, resolve });
  const base = `http://${host.includes(':') ? `[${host}]` : host}:4000`;
  g.setListening({ host, port: 4000, origins: [base] });
  return g;
}

type Lookup = (h: string, o: object, cb: (err: Error | null, a?: unknown) => void) => void;

describe.each(['10.254.254.1', '192.168.1.20', 'fd00::10'])('a sandbox bound to %s', (host) => {
  it('refuses non-public targets', () => {
    expect(boundTo(host).refusesNonPublic).toBe(true);
  });

  it.each([
    ['http://127.0.0.1:4001/hook', /is a loopback address; this sandbox listens on /],
    ['http://[::1]:4001/hook', /is a loopback address/],
    ['http://localhost:4001/hook', /resolves to a loopback address/],
    ['http://10.0.0.1/hook', /is a private address/],
    ['http://192.168.1.1:8080/hook', /is a private address/],
    ['http://[fd00::1]/hook', /is a unique local address/],
    ['http://169.254.169.254/latest/meta-data', /is a link-local address/],
    ['http://inside.example/hook', /resolves to a private address/],
  ])('refuses %s at registration', async (url, message) => {
    const problem = await boundTo(host).registrationProblem(url);
    expect(problem).toMatch(message);
    expect(problem).toContain(`listens on ${host}`);
    expect(problem).toContain('--allow-private-webhooks');
  });

  it('refuses its own address and port as itself, and other ports there as private', async () => {
    const g = boundTo(host);
    const at = host.includes(':') ? `[${host}]` : host;
    expect(await g.registrationProblem(`http://${at}:4000/hook`)).toMatch(/this sandbox itself/);
    expect(await g.registrationProblem(`http://${at}:4001/hook`)).toMatch(
      /is a (private|unique local) address/,
    );
  });

  it('refuses loopback and private targets at delivery, literal or by name', async () => {
    const g = boundTo(host);
    for (const url of ['http://127.0.0.1:4001/', 'http://10.0.0.1/']) {
      expect(g.deliveryCheck(url)).toEqual({
        problem: expect.stringMatching(/loopback|private/) as string,
      });
    }
    for (const name of ['localhost', 'inside.example']) {
      const check = g.deliveryCheck(`http://${name}:4001/`);
      const lookup = (check as { lookup: Lookup }).lookup;
      const err = await new Promise<Error | null>((done) =>
        lookup(name, { all: true }, (e) => done(e)),
      );
      expect(err?.message, name).toMatch(/^target refused: resolves to a (loopback|private)/);
    }
  });

  it('accepts a public target, and non-public ones with allowPrivate', async () => {
    expect(await boundTo(host).registrationProblem('https://hooks.example/hook')).toBeNull();
    const open = boundTo(host, true);
    expect(await open.registrationProblem('http://127.0.0.1:4001/hook')).toBeNull();
    expect(await open.registrationProblem('http://10.0.0.1/hook')).toBeNull();
  });
});
