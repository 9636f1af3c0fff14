// One error from the engine to the screen. The engine throws EngineError; every transport
// carries its JSON form, {code, message, field?, retry_after_s?}; the renderer turns that
// back into the same class. Free of zod, so the preload can use it and stay small.

/** What went wrong, in codes the screens (and the web transport's statuses) tell apart. */
export const ERROR_CODES = [
  'bad_input',
  'validation_error',
  'offline',
  'timeout',
  'key_rejected',
  'no_key',
  'keychain_unavailable',
  'keychain_locked',
  'disk_full',
  'data_folder_busy',
  'rate_limited',
  'server_error',
  'bad_response',
  'not_found',
  'conflict',
  /** The caller's role (a paired screen's Watch or Till) may not use this channel. */
  'forbidden_for_role',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The error as every transport carries it. */
export interface ErrorShape {
  code: ErrorCode;
  /** Written for the person using the console; never contains the API key. */
  message: string;
  /** The input field the error is about. */
  field?: string;
  /** Seconds to wait before trying again (rate_limited). */
  retry_after_s?: number;
}

export class EngineError extends Error implements ErrorShape {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly retry_after_s: number | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    extra: {
      field?: string | undefined;
      retry_after_s?: number | undefined;
      cause?: unknown;
    } = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'EngineError';
    this.code = code;
    this.field = extra.field;
    this.retry_after_s = extra.retry_after_s;
  }

  static from(shape: ErrorShape): EngineError {
    return new EngineError(shape.code, shape.message, shape);
  }

  toJSON(): ErrorShape {
    return {
      code: this.code,
      message: this.message,
      ...(this.field === undefined ? {} : { field: this.field }),
      ...(this.retry_after_s === undefined ? {} : { retry_after_s: this.retry_after_s }),
    };
  }
}

const KNOWN_CODES = new Set<string>(ERROR_CODES);
const GENERIC = 'Something went wrong inside the console. Try again.';

export function isErrorShape(value: unknown): value is ErrorShape {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === 'string' && KNOWN_CODES.has(v.code) && typeof v.message === 'string';
}

/** Any thrown value as the wire shape; unknown failures become a generic internal error. */
export function toErrorShape(err: unknown): ErrorShape {
  if (err instanceof EngineError) return err.toJSON();
  return { code: 'internal', message: GENERIC };
}

/** Whatever a transport threw, as an EngineError; anything else is a generic internal one. */
export function toEngineError(err: unknown): EngineError {
  if (err instanceof EngineError) return err;
  if (isErrorShape(err)) return EngineError.from(err);
  if (err instanceof Error && isErrorShape(err.cause)) return EngineError.from(err.cause);
  return new EngineError('internal', GENERIC);
}
