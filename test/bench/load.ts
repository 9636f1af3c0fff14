// A lean keep-alive HTTP/1.1 load generator: `concurrency` sockets, each sending one request
// and waiting for the whole response before the next (no pipelining). Raw sockets keep the
// client cheap, so on a small machine it is the server that is measured, not the client.
import { connect, type Socket } from 'node:net';

export interface LoadResult {
  /** Requests written to a socket; each is answered before the run ends. */
  sent: number;
  /** Answers with the expected status (each one a latency sample). */
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50ms: number;
  p99ms: number;
  /** Every successful request's latency in ms, for aggregating several runs. */
  latencies: number[];
}

export interface LoadSpec {
  port: number;
  /** The exact request bytes, sent as is for every request, or a function giving each one. */
  request: Buffer | (() => Buffer);
  expectStatus: number;
  concurrency: number;
  durationMs: number;
}

export function buildRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Buffer {
  const lines = [`${method} ${path} HTTP/1.1`, 'host: 127.0.0.1', 'connection: keep-alive'];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  if (body !== undefined) lines.push(`content-length: ${Buffer.byteLength(body)}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body ?? ''}`);
}

const HEADER_END = Buffer.from('\r\n\r\n');

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  let stopAt = 0;

  const worker = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const socket: Socket = connect(spec.port, '127.0.0.1');
      socket.setNoDelay(true);
      let buf: Buffer = Buffer.alloc(0);
      let sentAt = 0;
      const send = () => {
        if (performance.now() >= stopAt) {
          socket.end();
          resolve();
          return;
        }
        const bytes = typeof spec.request === 'function' ? spec.request() : spec.request;
        sentAt = performance.now();
        sent += 1;
        socket.write(bytes);
      };
      socket.on('connect', send);
      socket.on('error', reject);
      // A server that hangs up early leaves its last request unanswered: counted as sent and
      // not measured, so the bench's sample check reports it instead of waiting forever.
      socket.on('close', () => resolve());
      socket.on('data', (chunk: Buffer) => {
        buf = buf.length === 0 ? chunk : Buffer.concat([buf, chunk]);
        for (;;) {
          const end = buf.indexOf(HEADER_END);
          if (end === -1) return;
          const head = buf.subarray(0, end).toString('latin1');
          const len = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
          const total = end + 4 + len;
          if (buf.length < total) return;
          const status = Number(head.slice(9, 12));
          if (status === spec.expectStatus) latencies.push(performance.now() - sentAt);
          else errors += 1;
          buf = buf.subarray(total);
          send();
        }
      });
    });

  const started = performance.now();
  stopAt = started + spec.durationMs;
  await Promise.all(Array.from({ length: spec.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  return {
    sent,
    requests: latencies.length,
    errors,
    seconds,
    rps: latencies.length / seconds,
    p50ms: percentile(sorted, 50),
    p99ms: percentile(sorted, 99),
    latencies,
  };
}

/** Several slices of one server's load as one figure: summed throughput, pooled latencies. */
export function combineRuns(runs: LoadResult[]) {
  const requests = runs.reduce((n, x) => n + x.requests, 0);
  const seconds = runs.reduce((n, x) => n + x.seconds, 0);
  const sorted = Float64Array.from(runs.flatMap((x) => x.latencies)).sort();
  return {
    sent: runs.reduce((n, x) => n + x.sent, 0),
    requests,
    errors: runs.reduce((n, x) => n + x.errors, 0),
    seconds: Number(seconds.toFixed(2)),
    rps: requests / seconds,
    p50ms: percentile(sorted, 50),
    p99ms: percentile(sorted, 99),
  };
}
