// The service's endpoints (docs/service-api.md) plus the sandbox-only merchant factory.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isHttpUrl, LIMITS } from '#shared/checkout-rules.ts';
import type { SandboxContext } from '../context.ts';
import { prepareCreate } from '../writer/create-batch.ts';
import { readBody, readJson, requireJson } from './body.ts';
import { guardMerchantFactory } from './host-guard.ts';
import { parseListQuery } from './list-query.ts';
import { HttpError, sendJson, sendJsonText, validationError } from './respond.ts';

function requireObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw validationError([{ field: '(body)', message: 'must be a JSON object' }]);
  }
  return body as Record<string, unknown>;
}

export async function createCheckout(
  ctx: SandboxContext,
  req: IncomingMessage,
  res: ServerResponse,
  merchantId: string,
): Promise<void> {
  requireJson(req);
  const body = (await readBody(req)).toString('utf8');
  const prepared = prepareCreate({ merchantId, body }, ctx.checkoutPageBase);
  // The 201 goes out only after the group commit holding this row has returned.
  if ('row' in prepared) await ctx.writer.submitRow(prepared.row);
  sendJsonText(res, prepared.result.status, prepared.result.body);
}

export function listCheckouts(
  ctx: SandboxContext,
  rawQuery: string,
  res: ServerResponse,
  merchantId: string,
): void {
  const key = `${merchantId}?${rawQuery}`;
  const cached = ctx.listCache.get(key);
  if (cached) return sendJsonText(res, 200, cached);
  const q = parseListQuery(new URLSearchParams(rawQuery));
  const { data, total } = ctx.checkouts.listJson(merchantId, q, ctx.checkoutPageBase);
  const page = Buffer.from(
    `{"data":[${data}],"total":${total},"limit":${q.limit},"offset":${q.offset}}`,
  );
  ctx.listCache.set(key, page);
  sendJsonText(res, 200, page);
}

export async function registerWebhook(
  ctx: SandboxContext,
  req: IncomingMessage,
  res: ServerResponse,
  merchantId: string,
): Promise<void> {
  const body = requireObject(await readJson(req));
  const problems = Object.keys(body)
    .filter((k) => k !== 'url')
    .map((k) => ({ field: k, message: 'is not a known field (send only url)' }));
  const url = body.url;
  if (typeof url !== 'string') {
    problems.unshift({ field: 'url', message: 'is required and must be a string' });
  } else if (url.length > LIMITS.urlMax) {
    problems.unshift({ field: 'url', message: `must be at most ${LIMITS.urlMax} characters` });
  } else if (!isHttpUrl(url)) {
    problems.unshift({ field: 'url', message: 'must be an absolute http(s) URL' });
  } else {
    const problem = await ctx.targets.registrationProblem(url);
    if (problem !== null) problems.unshift({ field: 'url', message: problem });
  }
  if (problems.length > 0) throw validationError(problems);
  const record = ctx.webhooks.register(merchantId, url as string);
  // Deliveries that were waiting for an endpoint (or failing at the old one) go out now.
  ctx.kick(merchantId);
  sendJson(res, 201, {
    data: { id: record.id, url: record.url, created_at: record.created_at, secret: record.secret },
  });
}

export async function createMerchant(
  ctx: SandboxContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  guardMerchantFactory(req, ctx.listen.allowedHosts);
  // No body is needed: empty or {} (read, so keep-alive stays clean).
  const raw = (await readBody(req, 16 * 1024)).toString('utf8');
  if (raw.trim() !== '') {
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch (err) {
      const detail = err instanceof SyntaxError ? `: ${err.message}` : '';
      throw new HttpError(400, 'invalid_json', `The request body is not valid JSON${detail}`);
    }
    const fields = requireObject(body);
    const unknown = Object.keys(fields);
    if (unknown.length > 0) {
      throw validationError(
        unknown.map((k) => ({ field: k, message: 'is not a known field (send {} or no body)' })),
      );
    }
  }
  sendJson(res, 201, ctx.merchants.create());
}
