// The tools' output as they print it (cloudflared's quick-tunnel box on stderr, ngrok's agent
// API and logfmt lines), read by the adapters.
import { describe, expect, it } from 'vitest';
import {
  cloudflared,
  cloudflaredUrlReader,
  ngrok,
  ngrokStartedUrl,
  ngrokUrlFor,
  ngrokWebAddr,
} from '../../../../../../electron/core/reach/tunnel/index.ts';

// As cloudflared 2025.x logs a quick tunnel (zerolog console writer, no colour off a TTY).
const CLOUDFLARED_LOG = `2026-11-23T21:50:00Z INF Thank you for trying Cloudflare Tunnel. Doing so, without a Cloudflare account, is a quick way to experiment and try it out. However, be aware that these account-less Tunnels have no uptime guarantee, are subject to the Cloudflare Online Services Terms of Use (https://www.cloudflare.com/website-terms/), and Cloudflare reserves the right to investigate your use of Tunnels for violations of such terms. If you intend to use Tunnels in production you should use a pre-created named tunnel by following: https://developers.cloudflare.com/cloudflare-one/connections/connect-apps
2026-11-23T21:50:00Z INF Requesting new quick Tunnel on trycloudflare.com...
2026-11-23T21:50:01Z INF +--------------------------------------------------------------------------------------------+
2026-11-23T21:50:01Z INF |  Your quick Tunnel has been created! Visit it at (it may take some time to be reachable):  |
2026-11-23T21:50:01Z INF |  https://seasonal-deployment-bread-hints.trycloudflare.com                                 |
2026-11-23T21:50:01Z INF +--------------------------------------------------------------------------------------------+
2026-11-23T21:50:01Z INF Version 2025.8.0 (Checksum 1234)
2026-11-23T21:50:02Z INF Registered tunnel connection connIndex=0 connection=abc event=0 ip=198.41.192.7 location=ams01 protocol=quic`;

function read(log: string): string[] {
  const urls: string[] = [];
  const reader = cloudflaredUrlReader((u) => urls.push(u));
  log.split('\n').forEach(reader);
  return urls;
}

describe('cloudflared', () => {
  it('reads the quick tunnel URL from its banner, not the other URLs it logs', () => {
    expect(read(CLOUDFLARED_LOG)).toEqual([
      'https://seasonal-deployment-bread-hints.trycloudflare.com',
    ]);
  });

  it('reads nothing before the banner, and each new banner once', () => {
    expect(read('2026-11-23T21:50:00Z ERR failed to request quick Tunnel error="429"')).toEqual([]);
    const again = CLOUDFLARED_LOG.replace('seasonal-deployment-bread-hints', 'other-words-here');
    expect(read(`${CLOUDFLARED_LOG}\n${again}`)).toEqual([
      'https://seasonal-deployment-bread-hints.trycloudflare.com',
      'https://other-words-here.trycloudflare.com',
    ]);
  });

  it('starts a quick tunnel to the receiver on IPv4 loopback, as an argument list', () => {
    expect(cloudflared.args(41234)).toEqual([
      'tunnel',
      '--no-autoupdate',
      '--url',
      'http://127.0.0.1:41234',
    ]);
  });
});

const tunnel = (port: number, url: string, proto = 'https') => ({
  name: 'command_line',
  uri: '/api/tunnels/command_line',
  public_url: url,
  proto,
  config: { addr: `http://localhost:${port}`, inspect: true },
  metrics: { conns: { count: 0 }, http: { count: 0 } },
});

describe('ngrok', () => {
  it('takes the https tunnel forwarding to our port from /api/tunnels', () => {
    const body = {
      tunnels: [
        tunnel(3000, 'https://someone-else.ngrok-free.app'),
        tunnel(41234, 'http://1a2b.ngrok-free.app', 'http'),
        tunnel(41234, 'https://1a2b.ngrok-free.app'),
      ],
      uri: '/api/tunnels',
    };
    expect(ngrokUrlFor(body, 41234)).toBe('https://1a2b.ngrok-free.app');
    expect(ngrokUrlFor(body, 5)).toBeNull();
  });

  it('says "not yet" for an empty list or an answer of another shape', () => {
    expect(ngrokUrlFor({ tunnels: [], uri: '/api/tunnels' }, 41234)).toBeNull();
    expect(ngrokUrlFor({ endpoints: [] }, 41234)).toBeNull();
    expect(ngrokUrlFor(null, 41234)).toBeNull();
    expect(ngrokUrlFor({ tunnels: [{ ...tunnel(41234, 'not a url') }] }, 41234)).toBeNull();
  });

  it('reads the web address the agent bound from its logfmt line', () => {
    expect(
      ngrokWebAddr(
        't=2026-11-23T10:11:12+0000 lvl=info msg="starting web service" obj=web addr=127.0.0.1:4041 allow_hosts=[]',
      ),
    ).toBe('http://127.0.0.1:4041');
    expect(ngrokWebAddr('t=… lvl=info msg="starting web service" obj=web addr=0.0.0.0:4040')).toBe(
      'http://127.0.0.1:4040',
    );
    expect(ngrokWebAddr('t=… lvl=info msg="started tunnel" addr=http://localhost:80')).toBeNull();
  });

  it('reads the public URL from its own "started tunnel" line, for our port only', () => {
    // As ngrok v3 logs it (logfmt): the command-line tunnel, its upstream and its URL.
    const line = (addr: string, url: string) =>
      `t=2026-11-23T10:11:13+0000 lvl=info msg="started tunnel" obj=tunnels name=command_line addr=${addr} url=${url}`;
    expect(
      ngrokStartedUrl(line('http://127.0.0.1:41234', 'https://8e00-35.ngrok-free.app'), 41234),
    ).toBe('https://8e00-35.ngrok-free.app');
    expect(ngrokStartedUrl(line('http://localhost:41234', 'https://a.ngrok-free.app'), 41234)).toBe(
      'https://a.ngrok-free.app',
    );
    expect(
      ngrokStartedUrl(line('http://localhost:3000', 'https://b.ngrok-free.app'), 41234),
    ).toBeNull();
    expect(ngrokStartedUrl(line('http://127.0.0.1:41234', 'ftp://c.example'), 41234)).toBeNull();
    expect(
      ngrokStartedUrl(
        't=… lvl=info msg="starting web service" obj=web addr=127.0.0.1:41234 url=https://x.example',
        41234,
      ),
    ).toBeNull();
  });

  it('forwards to the receiver on IPv4 loopback, logs to stdout in logfmt, and inspects nothing', () => {
    expect(ngrok.args(41234)).toEqual([
      'http',
      '127.0.0.1:41234',
      '--log',
      'stdout',
      '--log-format',
      'logfmt',
      '--inspect=false',
    ]);
  });
});
