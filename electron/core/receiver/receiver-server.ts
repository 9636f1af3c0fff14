// The receiver's HTTP server: Node's limits set from the receiver's timeouts, every request
// handed to the handler, and malformed or too-slow requests answered (if they still can be),
// logged and closed. receiver.ts starts it and wires it to the rest of the pipeline.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { errorMessage } from '#shared/error-message.ts';
import type { GroupCommit } from './group-commit.ts';
import { sendError } from './replies.ts';

export interface ServerTimeouts {
  headersMs: number;
  requestMs: number;
  idleMs: number;
  keepAliveMs: number;
}

export interface ServerDeps {
  timeouts: ServerTimeouts;
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  /** Rejected requests' log lines ride along with the next commit. */
  commits: Pick<GroupCommit, 'log'>;
  now: () => number;
  log: (message: string) => void;
  /** The server failed (its status changed). */
  onError: () => void;
}

// The socket's latest response, for clientError. A symbol-keyed property rather than a
// WeakMap: it is set on every request, and a plain property store is the cheaper of the two.
const RESPONSE = Symbol('response');
type TrackedSocket = Socket & { [RESPONSE]?: ServerResponse };

export function receiverServer(deps: ServerDeps): Server {
  const { timeouts, log } = deps;
  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      // How often Node checks the two timeouts above; must be well under them.
      connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(timeouts.headersMs / 4))),
      maxHeaderSize: 16 * 1024,
    },
    (req: IncomingMessage, res: ServerResponse) => {
      (req.socket as TrackedSocket)[RESPONSE] = res;
      deps.handle(req, res).catch((err: unknown) => {
        log(`request failed: ${errorMessage(err)}`);
        sendError(res, 500, {
          code: 'internal',
          message: 'The event could not be stored; retry later.',
        });
      });
    },
  );
  server.timeout = timeouts.idleMs;
  server.maxConnections = 1024;
  server.on('timeout', (socket: Socket) => socket.destroy());
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) =>
    answerClientError(deps, err, socket),
  );
  server.on('error', (err) => {
    log(`server error: ${err.message}`);
    deps.onError();
  });
  return server;
}

/** Malformed requests and timeouts (slow-loris): answer if we still can, log, then close. */
function answerClientError(deps: ServerDeps, err: NodeJS.ErrnoException, socket: Socket): void {
  const timedOut = err.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const statusCode = timedOut ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const message = timedOut ? 'The request did not arrive in time.' : 'Malformed HTTP request.';
  const code = timedOut ? 'timeout' : 'bad_request';
  deps.commits.log({
    method: '?',
    path: '?',
    status: statusCode,
    reason: message,
    at_ms: deps.now(),
  });
  const res = (socket as TrackedSocket)[RESPONSE];
  if (res && !res.headersSent) {
    sendError(res, statusCode, { code, message });
  } else if (!res && socket.writable && err.code !== 'ECONNRESET') {
    const body = JSON.stringify({ error: { code, message } });
    socket.write(
      `HTTP/1.1 ${statusCode} ${timedOut ? 'Request Timeout' : 'Bad Request'}\r\n` +
        `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
        `connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Listens on host:port (0: a free port); rejects with the listen error. */
export function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onError = (err: Error): void => reject(err);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}
