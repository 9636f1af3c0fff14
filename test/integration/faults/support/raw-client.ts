// One HTTP exchange over a raw TCP socket, so a test can send what no HTTP client would:
// malformed request lines, a Content-Length the body never reaches, headers a byte at a time.
import { connect } from 'node:net';

export interface RawRequest {
  /** Written in order; `gapMs` apart when set (a slow client). */
  chunks: Buffer[];
  gapMs?: number;
  /** After the last chunk: half-close ('end') or keep the socket open ('hold'). */
  after: 'end' | 'hold';
}

export type RawOutcome =
  | { kind: 'status'; status: number }
  /** The server closed or reset the connection without a status line. */
  | { kind: 'dropped' }
  /** Our own deadline passed: the server neither answered nor closed. */
  | { kind: 'client_timeout' };

export function sendRaw(port: number, r: RawRequest, deadlineMs: number): Promise<RawOutcome> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    let received = '';
    let done = false;
    const timers: NodeJS.Timeout[] = [];
    const finish = (o: RawOutcome): void => {
      if (done) return;
      done = true;
      timers.forEach(clearTimeout);
      socket.destroy();
      resolve(o);
    };
    const statusOf = (): number | null => {
      const m = /^HTTP\/1\.[01] (\d{3}) /.exec(received);
      return m ? Number(m[1]) : null;
    };
    timers.push(setTimeout(() => finish({ kind: 'client_timeout' }), deadlineMs));
    socket.on('data', (d: Buffer) => {
      // Only the status line matters; keep a bounded prefix.
      if (received.length < 256) received += d.toString('latin1');
      const status = statusOf();
      if (status !== null) finish({ kind: 'status', status });
    });
    const closed = (): void => {
      const status = statusOf();
      finish(status === null ? { kind: 'dropped' } : { kind: 'status', status });
    };
    socket.on('end', closed);
    socket.on('close', closed);
    socket.on('error', closed); // EPIPE/ECONNRESET: the server cut us off
    socket.once('connect', () => {
      let i = 0;
      const writeNext = (): void => {
        if (done) return;
        if (i < r.chunks.length) {
          socket.write(r.chunks[i++] as Buffer);
          if (r.gapMs) timers.push(setTimeout(writeNext, r.gapMs));
          else writeNext();
        } else if (r.after === 'end') socket.end();
      };
      writeNext();
    });
  });
}
