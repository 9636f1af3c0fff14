// One interface per tunnel tool, so a third can be added as one more small file: how to find
// it, how to start it pointing at the receiver, and how to learn the public URL it got.
import type { Readable } from 'node:stream';

export type TunnelTool = 'cloudflared' | 'ngrok';

/** What an adapter needs to know about the running child and the receiver behind it. */
export interface TunnelWatch {
  /** The receiver's loopback port the tunnel forwards to. */
  port: number;
  stdout: Readable;
  stderr: Readable;
  /** The environment the child runs with (an adapter may read its own settings from it). */
  env: NodeJS.ProcessEnv;
  /** Aborted when the child exits or is stopped: stop polling, drop listeners. */
  signal: AbortSignal;
  /** Called with the public URL each time it is learnt or changes. */
  onUrl: (url: string) => void;
  /** A line worth showing if the tool fails (its last complaint). */
  onComplaint: (line: string) => void;
}

export interface TunnelAdapter {
  readonly tool: TunnelTool;
  /** The executable's name on PATH. */
  readonly command: string;
  /** Arguments (never a shell string) that forward a public URL to 127.0.0.1:port. */
  args(port: number): string[];
  /** Starts reading the child's output / API; reports through the watch's callbacks. */
  watch(w: TunnelWatch): void;
  /** One line on how to install the tool, and where. */
  readonly install: { text: string; url: string };
}

/** A URL a tool reported: absolute http(s), no credentials; trailing slash dropped. */
export function publicUrlFrom(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.search || url.hash) return null;
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** Calls `onLine` for each complete line of a stream (tools write in arbitrary chunks). */
export function eachLine(
  stream: Readable,
  signal: AbortSignal,
  onLine: (line: string) => void,
): void {
  let buffered = '';
  const onData = (chunk: Buffer | string) => {
    buffered += chunk.toString();
    let nl: number;
    while ((nl = buffered.indexOf('\n')) !== -1) {
      const line = buffered.slice(0, nl).replace(/\r$/, '');
      buffered = buffered.slice(nl + 1);
      onLine(line);
    }
    // A tool that never ends a line must not grow this without bound.
    if (buffered.length > 64 * 1024) buffered = buffered.slice(-4096);
  };
  stream.on('data', onData);
  signal.addEventListener('abort', () => stream.off('data', onData), { once: true });
}
