// ngrok (agent v3): `ngrok http 127.0.0.1:<port> --log stdout --log-format logfmt
// --inspect=false`. The public URL comes only from the child the console started:
//
//   - its log (logfmt on stdout), as the agent writes it:
//       t=… lvl=info msg="starting web service" obj=web addr=127.0.0.1:4040 allow_hosts=[]
//       t=… lvl=info msg="started tunnel" obj=tunnels name=command_line
//           addr=http://127.0.0.1:8080 url=https://1a2b-203-0-113-7.ngrok-free.app
//     (one line each; the second names the tunnel's upstream and its public URL);
//   - its local agent API, at the web address that first line named, GET /api/tunnels:
//       {"tunnels":[{"name":"command_line","public_url":"https://….ngrok-free.app",
//         "proto":"https","config":{"addr":"http://127.0.0.1:8080","inspect":false},…}],
//        "uri":"/api/tunnels"}
//     asked every 10 s while up, since the address may change while it runs.
//
// Nothing is asked at the default 127.0.0.1:4040 (or any address the child did not report):
// any local process can listen there and list a tunnel for every port. Every API answer is
// read with a cap on size and time. `--inspect=false` turns off the agent's request
// inspector, which would otherwise keep every request (the receiver's token path with it)
// for its local inspection page and API.
//
// Sources: ngrok's agent API reference (https://ngrok.com/docs/agent/api/: base URL
// http://127.0.0.1:4040/api, no authentication, "the Base URL will change if you override
// web_addr"), its CLI reference (`ngrok http <addr>`, `--log`, `--log-format`, `--inspect`:
// "enable/disable http introspection"), its web inspection page
// (https://ngrok.com/docs/agent/web-inspection-interface/: every request and response,
// headers and bodies included) and the agent's logfmt lines quoted above.
import { eachLine, publicUrlFrom, type TunnelAdapter } from './types.ts';

/** How often the API is asked while waiting for our tunnel, and once it is up. */
const WAIT_POLL_MS = 250;
const UP_POLL_MS = 10_000;
/** An /api/tunnels answer larger than this is not an agent's (a few KB per tunnel). */
const MAX_API_BYTES = 256 * 1024;
/** One API question may take this long, answer included. */
const API_TIMEOUT_MS = 2000;

interface ApiTunnel {
  public_url?: unknown;
  proto?: unknown;
  config?: { addr?: unknown } | null;
}

/** Our tunnel's public URL in an /api/tunnels answer (https preferred), or null. */
export function ngrokUrlFor(body: unknown, port: number): string | null {
  const tunnels = (body as { tunnels?: unknown } | null)?.tunnels;
  if (!Array.isArray(tunnels)) return null;
  const ours = (tunnels as ApiTunnel[]).filter((t) => forwardsTo(t.config?.addr, port));
  const pick = ours.find((t) => t.proto === 'https') ?? ours[0];
  return typeof pick?.public_url === 'string' ? publicUrlFrom(pick.public_url) : null;
}

/** config.addr is "http://127.0.0.1:8080", "localhost:8080" or just "8080". */
function forwardsTo(addr: unknown, port: number): boolean {
  if (typeof addr !== 'string' && typeof addr !== 'number') return false;
  const m = /(?:^|:)(\d{1,5})\/?$/.exec(String(addr));
  return m !== null && Number(m[1]) === port;
}

/** The web address in a "starting web service" log line, as an http base URL. */
export function ngrokWebAddr(line: string): string | null {
  if (!line.includes('starting web service')) return null;
  const m = /\baddr=(\S+)/.exec(line);
  if (!m?.[1]) return null;
  const addr = m[1].replace(/^"|"$/g, '');
  const base = /^https?:\/\//.test(addr) ? addr : `http://${addr}`;
  // 0.0.0.0 means every interface; ask on loopback.
  return publicUrlFrom(base.replace('//0.0.0.0:', '//127.0.0.1:'));
}

/** The public URL in a "started tunnel" log line whose upstream is our port, or null. */
export function ngrokStartedUrl(line: string, port: number): string | null {
  if (!/\bmsg="?started tunnel\b/.test(line)) return null;
  const addr = /\baddr=("[^"]*"|\S+)/.exec(line)?.[1]?.replace(/^"|"$/g, '');
  const url = /\burl=("[^"]*"|\S+)/.exec(line)?.[1]?.replace(/^"|"$/g, '');
  if (!addr || !url || !forwardsTo(addr, port)) return null;
  return publicUrlFrom(url);
}

export const ngrok: TunnelAdapter = {
  tool: 'ngrok',
  command: 'ngrok',
  // 127.0.0.1, not "localhost": the receiver listens on IPv4 loopback only.
  args: (port) => [
    'http',
    `127.0.0.1:${port}`,
    '--log',
    'stdout',
    '--log-format',
    'logfmt',
    '--inspect=false',
  ],
  watch(w) {
    // The API is asked only once the child said where it is.
    let api: string | null = null;
    let apiKnown: () => void = () => undefined;
    const reported = new Promise<void>((resolve) => (apiKnown = resolve));
    let last: string | null = null;
    const report = (url: string | null) => {
      if (url === null || url === last || w.signal.aborted) return;
      last = url;
      w.onUrl(url);
    };
    for (const stream of [w.stdout, w.stderr]) {
      eachLine(stream, w.signal, (line) => {
        const web = ngrokWebAddr(line);
        if (web && api === null) {
          api = web;
          apiKnown();
        }
        report(ngrokStartedUrl(line, w.port));
        if (/\blvl=(eror|crit|error)\b|ERR_NGROK_\d+/.test(line)) w.onComplaint(line);
      });
    }
    const poll = async () => {
      const stopped = new Promise<void>((resolve) =>
        w.signal.addEventListener('abort', () => resolve(), { once: true }),
      );
      await Promise.race([reported, stopped]);
      while (!w.signal.aborted && api !== null) {
        report(await askNgrokApi(api, w.port, w.signal));
        await pause(last === null ? WAIT_POLL_MS : UP_POLL_MS, w.signal);
      }
    };
    void poll();
  },
  install: {
    text: 'Install ngrok and add your authtoken once (ngrok config add-authtoken …); it needs a free ngrok account.',
    url: 'https://ngrok.com/download',
  },
};

/**
 * Our URL from the agent API at `base`, or null (not answering yet, not JSON, not listed
 * yet, too large, too slow). The answer is read up to MAX_API_BYTES within API_TIMEOUT_MS.
 */
export async function askNgrokApi(
  base: string,
  port: number,
  signal: AbortSignal,
): Promise<string | null> {
  const abort = AbortSignal.any([signal, AbortSignal.timeout(API_TIMEOUT_MS)]);
  try {
    const res = await fetch(`${base}/api/tunnels`, {
      signal: abort,
      redirect: 'error',
      headers: { accept: 'application/json' },
    });
    const text = res.ok ? await readCapped(res, MAX_API_BYTES) : null;
    if (text === null) {
      await res.body?.cancel().catch(() => undefined);
      return null;
    }
    return ngrokUrlFor(JSON.parse(text) as unknown, port);
  } catch {
    return null;
  }
}

/** The body as text, or null once it passes `max` bytes (the rest is never read). */
async function readCapped(res: Response, max: number): Promise<string | null> {
  if (!res.body) return '';
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > max) return null;
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
