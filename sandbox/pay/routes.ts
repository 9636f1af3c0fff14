// /pay/<id> (GET shows, POST pays) and /pay/<id>/receipt. Works with no JavaScript: the Pay
// button is a plain form POST, and scripts may POST with an empty or form-encoded body.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxContext } from '../context.ts';
import type { CheckoutRow } from '../db/checkouts.ts';
import { mediaType, readBody } from '../http/body.ts';
import { HttpError } from '../http/respond.ts';
import { redirect, sendHtml } from './html.ts';
import { payCheckout } from './pay-checkout.ts';
import { wordsFor, type PayWords } from './i18n/index.ts';
import { handleTestControl } from './test-controls.ts';
import { messagePage, payPage, receiptPage } from './views.ts';

const PAY_PATH = /^\/pay\/([0-9a-fA-F-]{36})(\/receipt|\/test\/pay-amount|\/test\/unknown)?$/;
const FORM_TYPES = new Set([
  '',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'text/plain',
]);

function notFoundPage(w: PayWords, res: ServerResponse): void {
  sendHtml(res, 404, messagePage(w, w.notFound.title, w.notFound.title, w.notFound.text));
}

function inactivePage(w: PayWords, res: ServerResponse): void {
  sendHtml(res, 410, messagePage(w, w.inactive.title, w.inactive.heading, w.inactive.text));
}

/** Where a paid checkout sends the customer: the merchant's success_url, else the receipt. */
function afterPayment(selfBase: string, row: CheckoutRow): string {
  return row.success_url ?? `${selfBase}/pay/${row.id}/receipt`;
}

function successOrigin(row: CheckoutRow): string | undefined {
  if (!row.success_url) return undefined;
  try {
    return new URL(row.success_url).origin;
  } catch {
    return undefined;
  }
}

function methodPage(w: PayWords, res: ServerResponse, method: string, allow: string): void {
  const t = w.methodNotAllowed;
  sendHtml(res, 405, messagePage(w, t.title, t.title, t.text(method)), { headers: { allow } });
}

/** The 404 page, for anything the pay listener does not serve (sandbox/http/pay-server.ts). */
export function payNotFound(res: ServerResponse, req: IncomingMessage): void {
  notFoundPage(wordsFor(req), res);
}

/**
 * `selfBase` is the pay-page base of the listener serving this request: redirects stay on
 * the address the customer used (a phone on the LAN listener, a browser on loopback).
 */
export async function handlePayRoute(
  ctx: SandboxContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  selfBase: string,
): Promise<void> {
  const match = PAY_PATH.exec(path);
  const method = req.method ?? 'GET';
  const w = wordsFor(req);
  if (!match) return notFoundPage(w, res);
  const id = match[1]!.toLowerCase();
  const isReceipt = match[2] === '/receipt';
  if (match[2]?.startsWith('/test/')) {
    if (method !== 'POST') return methodPage(w, res, method, 'POST');
    if (!FORM_TYPES.has(mediaType(req))) {
      const u = w.unsupported;
      return sendHtml(res, 415, messagePage(w, u.title, u.title, u.useForm));
    }
    const control = match[2] === '/test/unknown' ? 'unknown' : 'pay-amount';
    return handleTestControl(ctx, req, res, id, control);
  }

  if (isReceipt) {
    if (method !== 'GET' && method !== 'HEAD') return methodPage(w, res, method, 'GET, HEAD');
    const row = ctx.checkouts.get(id);
    if (!row) return notFoundPage(w, res);
    // No receipt before payment: the checkout's own page says what state it is in.
    if (row.paid_at === null) return redirect(res, `${selfBase}/pay/${row.id}`);
    const payment = ctx.payments.forCheckout(id);
    return sendHtml(res, 200, receiptPage(w, row, payment, w.paymentReceived));
  }

  if (method === 'GET' || method === 'HEAD') {
    const row = ctx.checkouts.get(id);
    if (!row) return notFoundPage(w, res);
    if (row.paid_at !== null) {
      const page = receiptPage(w, row, ctx.payments.forCheckout(id), w.alreadyPaid);
      return sendHtml(res, 200, page);
    }
    if (row.active !== 1) return inactivePage(w, res);
    return sendHtml(res, 200, payPage(w, row), { redirectOrigin: successOrigin(row) });
  }

  if (method !== 'POST') return methodPage(w, res, method, 'GET, HEAD, POST');
  if (!FORM_TYPES.has(mediaType(req))) {
    const u = w.unsupported;
    return sendHtml(res, 415, messagePage(w, u.title, u.title, u.text));
  }
  try {
    await readBody(req, 16 * 1024); // the form carries nothing we need
  } catch (err) {
    if (err instanceof HttpError) {
      res.on('finish', () => req.socket.destroySoon());
      return sendHtml(
        res,
        err.status,
        messagePage(w, w.tooLarge.title, w.tooLarge.title, w.tooLarge.text),
        { headers: { connection: 'close' } },
      );
    }
    throw err;
  }
  const outcome = payCheckout(ctx, id);
  if (outcome.kind === 'not_found') return notFoundPage(w, res);
  if (outcome.kind === 'inactive') return inactivePage(w, res);
  return redirect(res, afterPayment(selfBase, outcome.checkout));
}
