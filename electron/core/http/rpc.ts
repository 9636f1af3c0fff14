// POST /rpc/<channel>: the contract's channels over HTTP. The engine parses the input and
// throws EngineError; this file only moves bytes and maps errors to statuses.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CHANNELS, type Channel } from '#shared/channels.ts';
import type { Caller, Engine } from '../engine/types.ts';
import { EngineError, toErrorShape } from '#shared/errors.ts';
import { BodyError, STATUS_BY_CODE, readJsonBody, sendError, sendJson } from './http-json.ts';
import { errorMessage } from '#shared/error-message.ts';

const KNOWN = new Set<string>(CHANNELS);

export function isChannel(name: string): name is Channel {
  return KNOWN.has(name);
}

export async function handleRpc(
  engine: Engine,
  channelName: string,
  req: IncomingMessage,
  res: ServerResponse,
  /** Who calls: the owner's token, or a paired screen with its role. */
  caller: Caller,
): Promise<void> {
  if (!isChannel(channelName)) {
    sendError(res, 404, { code: 'not_found', message: `Unknown channel "${channelName}".` });
    return;
  }
  if (req.method !== 'POST') {
    sendError(
      res,
      405,
      { code: 'method_not_allowed', message: 'Use POST for /rpc/<channel>.' },
      { Allow: 'POST' },
    );
    return;
  }
  let input: unknown;
  try {
    input = await readJsonBody(req);
  } catch (err) {
    if (!(err instanceof BodyError)) throw err;
    // The unread rest of an oversized body is not worth draining: close after answering.
    const extra: Record<string, string> = err.status === 413 ? { Connection: 'close' } : {};
    sendError(res, err.status, { code: err.code, message: err.message }, extra);
    return;
  }
  try {
    const data = await engine.call(channelName, input, caller);
    sendJson(res, 200, { data });
  } catch (err) {
    const shape = toErrorShape(err);
    if (!(err instanceof EngineError)) {
      // Unknown failures are logged here with their detail; the caller gets a generic text.
      console.error(`rpc ${channelName} failed:`, errorMessage(err));
    }
    const extra: Record<string, string> =
      shape.retry_after_s === undefined ? {} : { 'Retry-After': String(shape.retry_after_s) };
    sendError(res, STATUS_BY_CODE[shape.code] ?? 500, shape, extra);
  }
}
