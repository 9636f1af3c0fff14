// The paired screens the screens bench drives: each pairs through the real flow (the owner's
// screens.pair, the screen's GET /pair and POST /pair {code, name}, the owner's
// screens.approve) and then holds one /events stream with its own device token, over
// loopback, noting when each payment.received frame arrives and how often per payment.
import { readFileSync } from 'node:fs';
import { percentile } from './load.ts';

export type OwnerRpc = <T>(channel: string, input?: unknown) => Promise<T>;

export interface Screen {
  name: string;
  /** Arrival (ms, performance.timeOrigin + performance.now()) of each checkout's first frame. */
  arrivals: Map<string, number>;
  /** payment.received frames per payment id (more than 1: a duplicate). */
  frames: Map<string, number>;
  close(): Promise<void>;
}

/** Pairs one screen as Watch through the pairing page; answers its device token. */
export async function pairScreen(
  owner: OwnerRpc,
  name: string,
): Promise<{ origin: string; token: string }> {
  const pairing = await owner<{ url: string }>('screens.pair');
  const url = new URL(pairing.url);
  const code = new URLSearchParams(url.hash.slice(1)).get('code');
  if (!code) throw new Error(`the pairing URL has no code: ${pairing.url}`);
  const page = await fetch(`${url.origin}/pair`);
  await page.arrayBuffer();
  if (!page.ok) throw new Error(`the pairing page answered ${page.status}`);
  const asked = await fetch(`${url.origin}/pair`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, name }),
  });
  const body = (await asked.json()) as {
    data?: { id: string; token: string };
    error?: { message: string };
  };
  if (!asked.ok || !body.data) throw new Error(`pairing "${name}" failed: ${body.error?.message}`);
  await owner('screens.approve', { id: body.data.id, role: 'watch' });
  return { origin: url.origin, token: body.data.token };
}

/** Opens the screen's event stream; resolves once the console has taken it (": connected"). */
export async function openScreen(origin: string, token: string, name: string): Promise<Screen> {
  const abort = new AbortController();
  const res = await fetch(`${origin}/events`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  if (!res.ok || !res.body) throw new Error(`${name}: /events answered ${res.status}`);
  const arrivals = new Map<string, number>();
  const frames = new Map<string, number>();
  let connected: () => void = () => {};
  const isConnected = new Promise<void>((r) => (connected = r));
  const reading = (async () => {
    const decoder = new TextDecoder();
    let rest = '';
    try {
      for await (const chunk of res.body!) {
        const at = performance.timeOrigin + performance.now();
        rest += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = rest.indexOf('\n\n')) >= 0) {
          const block = rest.slice(0, cut);
          rest = rest.slice(cut + 2);
          if (block.includes(': connected')) connected();
          if (!block.startsWith('event: payment.received\n')) continue;
          const data = block.slice(block.indexOf('\ndata: ') + 7);
          const p = JSON.parse(data) as { id: string; checkout_id: string };
          frames.set(p.id, (frames.get(p.id) ?? 0) + 1);
          if (!arrivals.has(p.checkout_id)) arrivals.set(p.checkout_id, at);
        }
      }
    } catch {
      // Aborted by close(): what arrived is final.
    }
  })();
  await isConnected;
  return {
    name,
    arrivals,
    frames,
    close: async () => {
      abort.abort();
      await reading;
    },
  };
}

export interface Stats {
  n: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
}

export function stats(xs: number[]): Stats {
  const sorted = Float64Array.from(xs).sort();
  return {
    n: xs.length,
    p50_ms: Number(percentile(sorted, 50).toFixed(1)),
    p99_ms: Number(percentile(sorted, 99).toFixed(1)),
    max_ms: Number((sorted.at(-1) ?? NaN).toFixed(1)),
  };
}

/** The console's resident memory, from /proc (Linux), in MB; NaN elsewhere. */
export function rssMb(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
    return Number((kb / 1024).toFixed(1));
  } catch {
    return NaN;
  }
}
