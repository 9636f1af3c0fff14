// Raw HTTP for transport tests: node:http (not fetch) so a test can spoof the Host header,
// plus a small server-sent events reader that waits for frames instead of sleeping.
import { request, type IncomingHttpHeaders } from 'node:http';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  json: () => unknown;
}

export interface RawRequest {
  port: number;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  host?: string;
}

export function rawRequest(req: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const r = request(
      {
        host: '127.0.0.1',
        port: req.port,
        method: req.method ?? 'GET',
        path: req.path,
        headers: { Host: req.host ?? `127.0.0.1:${req.port}`, ...req.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text,
            json: () => JSON.parse(text),
          });
        });
        res.on('error', reject);
      },
    );
    // The server may answer (413) and close before the whole body is written.
    r.on('error', (err: NodeJS.ErrnoException) =>
      err.code === 'EPIPE' || err.code === 'ECONNRESET' ? undefined : reject(err),
    );
    r.end(req.body);
  });
}

/** POST /rpc/<channel> with a JSON body and the bearer token. */
export function rpc(
  port: number,
  token: string | null,
  channel: string,
  input?: unknown,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  return rawRequest({
    port,
    method: 'POST',
    path: `/rpc/${channel}`,
    headers: {
      'Content-Type': 'application/json',
      ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
      ...headers,
    },
    body: input === undefined ? '' : JSON.stringify(input),
  });
}

export interface SseFrame {
  event: string;
  data: unknown;
}

export interface SseStream {
  status: number;
  headers: IncomingHttpHeaders;
  frames: SseFrame[];
  comments: string[];
  ended: () => boolean;
  close: () => void;
}

/** Opens GET `path` and parses frames as they arrive into `frames`. */
export function openSse(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const r = request(
      {
        host: '127.0.0.1',
        port,
        path,
        headers: { Host: `127.0.0.1:${port}`, Accept: 'text/event-stream', ...headers },
      },
      (res) => {
        const stream: SseStream = {
          status: res.statusCode ?? 0,
          headers: res.headers,
          frames: [],
          comments: [],
          ended: () => done,
          close: () => r.destroy(),
        };
        let done = false;
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            let event = 'message';
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) stream.comments.push(line.slice(1).trim());
              else if (line.startsWith('event: ')) event = line.slice(7);
              else if (line.startsWith('data: ')) data.push(line.slice(6));
            }
            if (data.length > 0) stream.frames.push({ event, data: JSON.parse(data.join('\n')) });
          }
        });
        res.on('end', () => (done = true));
        res.on('close', () => (done = true));
        resolve(stream);
      },
    );
    r.on('error', reject);
    r.end();
  });
}
