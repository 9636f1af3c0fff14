// Request bodies: a hard size cap (reading stops at the cap) and content-type checks.
import type { IncomingMessage } from 'node:http';
import { HttpError } from './respond.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

export function tooLarge(max: number): HttpError {
  return new HttpError(
    413,
    'payload_too_large',
    `The request body is larger than ${max} bytes`,
    // The rest of an oversized body is never read, so this connection cannot be reused.
    { headers: { connection: 'close' } },
  );
}

/** Reads the whole body, or rejects with 413 as soon as it passes `max` bytes. */
export function readBody(req: IncomingMessage, max = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > max) return Promise.reject(tooLarge(max));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > max) {
        cleanup();
        req.pause();
        reject(tooLarge(max));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      cleanup();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    };
    const onError = (err: Error): void => {
      cleanup();
      reject(err);
    };
    const cleanup = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/** The media type without parameters, lower-case ("application/json"), or '' when absent. */
export function mediaType(req: IncomingMessage): string {
  const header = req.headers['content-type'] ?? '';
  return header.split(';')[0]!.trim().toLowerCase();
}

export function requireJson(req: IncomingMessage): void {
  if (mediaType(req) !== 'application/json') {
    throw new HttpError(
      415,
      'unsupported_media_type',
      'The request body must be JSON with Content-Type: application/json',
    );
  }
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  requireJson(req);
  const raw = await readBody(req);
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch (err) {
    const detail = err instanceof SyntaxError ? `: ${err.message}` : '';
    throw new HttpError(400, 'invalid_json', `The request body is not valid JSON${detail}`);
  }
}
