// Who may use the sandbox-only merchant factory (POST /sandbox/merchants): a loopback peer,
// a Host header naming this server (a DNS-rebinding page's name is never one), an Origin,
// when a browser sends one, equal to this server's own, and a JSON content type (a form or
// text/plain POST from another site needs no preflight; application/json does, and the
// sandbox answers no CORS). The Host and Origin rules are the console's web transport's
// too: one copy in shared/node/host-guard.ts (the sandbox never imports the console).
import type { IncomingMessage } from 'node:http';
import { hostOrOriginProblem, isLoopback } from '#shared/node/host-guard.ts';
import { HttpError } from './respond.ts';

const forbidden = (message: string) => new HttpError(403, 'forbidden', message);

/** Throws the 403/415 that refuses this request to the merchant factory, if any. */
export function guardMerchantFactory(req: IncomingMessage, allowedHosts: Set<string>): void {
  if (!isLoopback(req.socket.remoteAddress)) {
    throw forbidden('Merchants can only be created from this machine (loopback addresses)');
  }
  const problem = hostOrOriginProblem(req, allowedHosts);
  if (problem === 'host') {
    throw forbidden('The Host header does not name this sandbox');
  }
  if (problem === 'origin') {
    throw forbidden('Merchants cannot be created from another origin (a web page elsewhere)');
  }
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new HttpError(
      415,
      'unsupported_media_type',
      'Send Content-Type: application/json (the body may be empty or {})',
    );
  }
}
