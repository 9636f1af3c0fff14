// ngrok (agent v3): `ngrok http 127.0.0.1:<port> --log stdout --log-format logfmt`. The public
// URL is read from the agent's local API, GET <web addr>/api/tunnels, which answers
//
//   {"tunnels":[{"name":"command_line","uri":"/api/tunnels/command_line",
//     "public_url":"https://1a2b-203-0-113-7.ngrok-free.app","proto":"https",
//     "config":{"addr":"http://127.0.0.1:8080","inspect":true},"metrics":{…}}],
//    "uri":"/api/tunnels"}
//
// Sources: ngrok's agent API reference (https://ngrok.com/docs/agent/api/: base URL
// http://127.0.0.1:4040/api, no authentication, "the Base URL will change if you override
// web_addr"), its CLI reference (`ngrok http <addr>`, `--log`, `--log-format`), and the
// agent's logfmt line `msg="starting web service" obj=web addr=127.0.0.1:4040` that names
// the web address it actually bound (another agent may hold 4040).
//
// The web address comes from that log line; without it, from MERCHANT_NGROK_API in the
// environment, else http://127.0.0.1:4040. Another agent may answer there with other
// tunnels, or ours may not be listed yet: only a tunnel whose config.addr is our port is
// taken, and the API is polled until it appears (the supervisor bounds the wait).
import { eachLine, publicUrlFrom, type TunnelAdapter } from './types.ts';

export const DEFAULT_NGROK_API = 'http://127.0.0.1:4040';
/** How often the API is asked while waiting for our tunnel, and once it is up. */
const WAIT_POLL_MS = 250;
const UP_POLL_MS = 10_000;

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

export const ngrok: TunnelAdapter = {
  tool: 'ngrok',
  command: 'ngrok',
  // 127.0.0.1, not "localhost": the receiver listens on IPv4 loopback only.
  args: (port) => ['http', `127.0.0.1:${port}`, '--log', 'stdout', '--log-format', 'logfmt'],
  watch(w) {
    let api = publicUrlFrom(w.env.MERCHANT_NGROK_API ?? '') ?? DEFAULT_NGROK_API;
    let last: string | null = null;
    for (const stream of [w.stdout, w.stderr]) {
      eachLine(stream, w.signal, (line) => {
        const web = ngrokWebAddr(line);
        if (web) api = web;
        if (/\blvl=(eror|crit|error)\b|ERR_NGROK_\d+/.test(line)) w.onComplaint(line);
      });
    }
    const poll = async () => {
      while (!w.signal.aborted) {
        const url = await ask(`${api}/api/tunnels`, w.port, w.signal);
        if (url !== null && url !== last) {
          last = url;
          w.onUrl(url);
        }
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

/** Our URL from the API, or null (not answering yet, not JSON, not listed yet). */
async function ask(url: string, port: number, signal: AbortSignal): Promise<string | null> {
  try {
    const res = await fetch(url, {
      signal: AbortSignal.any([signal, AbortSignal.timeout(2000)]),
      headers: { accept: 'application/json' },
    });
    if (!res.ok) {
      await res.body?.cancel();
      return null;
    }
    return ngrokUrlFor(await res.json(), port);
  } catch {
    return null;
  }
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
