// cloudflared's quick tunnel: `cloudflared tunnel --url http://127.0.0.1:<port>` asks
// trycloudflare.com for a random hostname and logs it in a box on STDERR (zerolog's console
// writer; no colour when stderr is not a terminal), one log line per box row:
//
//   2026-11-23T21:50:00Z INF +--------------------------------------------------------------------------------------------+
//   2026-11-23T21:50:00Z INF |  Your quick Tunnel has been created! Visit it at (it may take some time to be reachable):  |
//   2026-11-23T21:50:00Z INF |  https://some-random-words.trycloudflare.com                                               |
//   2026-11-23T21:50:00Z INF +--------------------------------------------------------------------------------------------+
//
// Source: cloudflare/cloudflared, cmd/cloudflared/tunnel/quick_tunnel.go (RunQuickTunnel:
// cliutil.LogTable with that sentence and the https:// hostname), cmd/cloudflared/cliutil/
// logger.go (asciiBox: "+---+" borders, rows "|" + 2 spaces + text + padding + 2 spaces + "|")
// and logger/create.go (console logs go to os.Stderr). A quick tunnel keeps its hostname
// for the life of the process; each start gets a new one.
//
// The URL is the box row after the "quick Tunnel has been created" row. Any http(s) URL
// there is accepted, not only *.trycloudflare.com: the sentence marks it, it comes from the
// program we started, and a quick-tunnel service can be self-hosted (--quick-service). The
// test fake hands out its loopback forwarder's http:// URL through the same parser.
import { eachLine, publicUrlFrom, type TunnelAdapter } from './types.ts';

const CREATED = /quick Tunnel has been created/i;
const BOX_ROW = /\|\s+(\S+)\s+\|\s*$/;

/** Reads quick-tunnel banners from log lines; calls back with each new URL. */
export function cloudflaredUrlReader(onUrl: (url: string) => void): (line: string) => void {
  let afterHeader = false;
  return (line) => {
    if (CREATED.test(line)) {
      afterHeader = true;
      return;
    }
    if (!afterHeader) return;
    const row = BOX_ROW.exec(line);
    if (row) {
      const url = publicUrlFrom(row[1] ?? '');
      if (url) {
        afterHeader = false;
        onUrl(url);
      }
      return;
    }
    // The box's border comes between; anything else ends the banner.
    if (!/\+-+\+\s*$/.test(line)) afterHeader = false;
  };
}

export const cloudflared: TunnelAdapter = {
  tool: 'cloudflared',
  command: 'cloudflared',
  // --no-autoupdate: the console restarts it; an update replacing the binary mid-run would
  // look like a crash. The tunnel forwards only to the receiver's loopback port.
  args: (port) => ['tunnel', '--no-autoupdate', '--url', `http://127.0.0.1:${port}`],
  watch(w) {
    const read = cloudflaredUrlReader(w.onUrl);
    for (const stream of [w.stderr, w.stdout]) {
      eachLine(stream, w.signal, (line) => {
        read(line);
        if (/\b(ERR|FTL)\b/.test(line)) w.onComplaint(line);
      });
    }
  },
  install: {
    text: 'Install cloudflared from Cloudflare (a single program; no account needed for a quick tunnel).',
    url: 'https://developers.cloudflare.com/cloudflare-one/connections/connect-networks/downloads/',
  },
};
