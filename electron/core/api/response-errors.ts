// Maps a non-2xx answer from the service to a typed EngineError. The interface does not show
// the error shape; the sandbox's {error: {code, message, details}} is read when present,
// and a bare status still gives a useful message.
import { EngineError } from '#shared/errors.ts';
import { ServiceErrorBody } from './schemas.ts';

export interface FailedResponse {
  status: number;
  body: unknown;
  retryAfterS: number | undefined;
  origin: string;
  /** Removes the key (and key-shaped text) from anything the service echoed back. */
  redactText: (text: string) => string;
}

export function errorFromResponse(r: FailedResponse): EngineError {
  const parsed = ServiceErrorBody.safeParse(r.body);
  const info = parsed.success ? parsed.data.error : undefined;
  const serviceMessage = info?.message ? r.redactText(info.message).slice(0, 500) : undefined;
  const detail = info?.details?.[0];
  const field = detail?.field ? r.redactText(detail.field).slice(0, 200) : undefined;
  const detailMessage = detail?.message ? r.redactText(detail.message).slice(0, 300) : undefined;

  if (r.status === 401 || r.status === 403) {
    return new EngineError(
      'key_rejected',
      r.status === 401
        ? 'The service rejected this key. Check that it is the live key from Developers → API Keys.'
        : 'The service refused this key access to the request.',
    );
  }
  if (r.status === 429) {
    const wait = r.retryAfterS;
    return new EngineError(
      'rate_limited',
      `The service is receiving too many requests${wait === undefined ? '' : `; try again in ${wait} s`}.`,
      { retry_after_s: wait },
    );
  }
  if (r.status >= 500) {
    return new EngineError(
      'server_error',
      `The service had a problem (HTTP ${r.status})${serviceMessage ? `: ${serviceMessage}` : ''}. Try again later.`,
    );
  }
  if (r.status === 404) {
    return new EngineError(
      'not_found',
      `The service at ${r.origin} does not know this address (HTTP 404). Check the profile's base URL.`,
    );
  }
  if (r.status === 409) {
    return new EngineError(
      'conflict',
      serviceMessage ?? 'The service reported a conflict (HTTP 409).',
    );
  }
  if (r.status >= 400 && r.status < 500) {
    const message =
      [
        serviceMessage,
        detailMessage && !serviceMessage?.includes(detailMessage) ? detailMessage : undefined,
      ]
        .filter(Boolean)
        .join(': ') || `The service refused the request (HTTP ${r.status}).`;
    return new EngineError('validation_error', message, { field });
  }
  return new EngineError(
    'bad_response',
    `The service at ${r.origin} gave an unexpected answer (HTTP ${r.status}).`,
  );
}

/** Retry-After as seconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(
  value: string | null,
  now: number = Date.now(),
): number | undefined {
  if (value === null) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}
